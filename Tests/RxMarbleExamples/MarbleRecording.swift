import RxCore
import RxDiagrams
import RxTestSupport

/// An example run on a `TestScheduler`: every line the picture draws, with absolute times.
public struct MarbleRecording {
    /// The example.
    public let example: MarbleExample
    /// What the picture draws: the lines, inputs first, then the output, then inner sequences.
    /// A cold input gets a line per subscription, starting where it was subscribed; a late
    /// subscriber and an inner sequence start where they were subscribed.
    public let diagram: MarbleDiagram
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

        var lines: [MarbleDiagram.Line] = []
        for (input, observable) in inputs {
            guard input.isCold else {
                let events = Self.drawn(observable.recordedEvents)
                lines.append(MarbleDiagram.Line(kind: .input, label: input.label, start: Self.zero, events: events))
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
        diagram = MarbleDiagram(call: example.call, ticksPerFrame: example.ticksPerFrame, zero: Self.zero, lines: lines)
    }

    /// The lines of the picture.
    public var lines: [MarbleDiagram.Line] { diagram.lines }

    /// A line cut at `end`, which is kept only when it comes before a terminal event.
    private static func line(
        _ kind: MarbleDiagram.Line.Kind, _ label: String, from start: TestTime, to end: TestTime,
        _ events: [Recorded<Event<String>>]
    ) -> MarbleDiagram.Line {
        let kept = events.filter { $0.time <= end }
        let terminated = kept.contains { $0.value.isStopEvent }
        let cut = !terminated && end != .max && events.count > kept.count
        return MarbleDiagram.Line(kind: kind, label: label, start: start, end: cut ? end : nil, events: drawn(kept))
    }

    /// Events as the picture spells them; the examples' own error is not spelled out.
    private static func drawn(_ events: [Recorded<Event<String>>]) -> [MarbleDiagram.Event] {
        events.map { recorded in
            let value: MarbleDiagram.Event.Value =
                switch recorded.value {
                case .next(let element): .next(element)
                case .error(let error): .error(error is MarbleError ? nil : "\(error)")
                case .completed: .completed
                }
            return MarbleDiagram.Event(time: recorded.time, value: value)
        }
    }
}
