import RxCore
import RxTestSupport

/// An example run on a `TestScheduler`: every line the picture draws, with absolute times.
public struct MarbleRecording {
    /// One timeline of the picture.
    public struct Line {
        /// What the line shows.
        public enum Kind: Sendable { case input, output, inner }

        /// Where it is drawn: above the caption (inputs) or below it.
        public let kind: Kind
        /// Its label, at the left.
        public let label: String
        /// When it starts: time zero of the picture, or the subscription for a cold input,
        /// a late subscriber and an inner sequence.
        public let start: TestTime
        /// When the subscription was disposed before a terminal event, if it was.
        public let end: TestTime?
        /// Its events, at absolute virtual times.
        public let events: [Recorded<Event<String>>]
    }

    /// The example.
    public let example: MarbleExample
    /// The lines, inputs first, then the output, then inner sequences.
    public let lines: [Line]
    /// The events the subscriber recorded.
    public let output: [Recorded<Event<String>>]
    /// Why the output differs from the example's expected diagram; `nil` when it does not.
    public let mismatch: String?

    /// Time zero of every diagram of an example.
    public static let zero: TestTime = TestScheduler.Defaults.subscribed

    /// Runs `example`: creates its inputs from their diagrams, builds its sequence at 100,
    /// subscribes at its `subscribed` time and disposes at its `disposed` time.
    ///
    /// - Throws: ``MarbleDiagramError`` when an input's diagram is malformed.
    public init(_ example: MarbleExample) throws(MarbleDiagramError) {
        self.example = example
        let scheduler = TestScheduler(initialClock: 0, ticksPerFrame: example.ticksPerFrame)
        var observables: [String: TestableObservable<String>] = [:]
        var inputs: [(MarbleInput, TestableObservable<String>)] = []
        for input in example.inputs {
            let observable =
                input.isCold
                ? try scheduler.createColdObservable(input.diagram, error: MarbleError())
                : try scheduler.createHotObservable(input.diagram, error: MarbleError())
            observables[input.label] = observable
            inputs.append((input, observable))
        }
        let context = MarbleContext(scheduler: scheduler, inputs: observables, disposed: example.disposed)
        let observer = scheduler.start(
            created: TestScheduler.Defaults.created, subscribed: example.subscribed, disposed: example.disposed
        ) { example.make(context) }
        output = observer.events
        mismatch = scheduler.marbleMismatch(
            observer.events, example.expected, values: example.values, error: example.error, subscribed: Self.zero)

        var lines: [Line] = []
        for (input, observable) in inputs {
            guard input.isCold else {
                lines.append(
                    Line(
                        kind: .input, label: input.label, start: Self.zero, end: nil, events: observable.recordedEvents)
                )
                continue
            }
            for subscription in observable.subscriptions {
                let events = observable.recordedEvents.map {
                    Recorded(time: $0.time + subscription.subscribe, value: $0.value)
                }
                lines.append(
                    Self.line(.input, input.label, from: subscription.subscribe, to: subscription.unsubscribe, events))
            }
        }
        lines.append(Self.line(.output, example.outputLabel, from: example.subscribed, to: example.disposed, output))
        for inner in context.inner {
            lines.append(Self.line(.inner, inner.label, from: inner.start, to: .max, inner.observer.events))
        }
        self.lines = lines
    }

    /// A line cut at `end`, which is kept only when it comes before a terminal event.
    private static func line(
        _ kind: Line.Kind, _ label: String, from start: TestTime, to end: TestTime, _ events: [Recorded<Event<String>>]
    ) -> Line {
        let kept = events.filter { $0.time <= end }
        let terminated = kept.contains { $0.value.isStopEvent }
        let cut = !terminated && end != .max && events.count > kept.count
        return Line(kind: kind, label: label, start: start, end: cut ? end : nil, events: kept)
    }
}
