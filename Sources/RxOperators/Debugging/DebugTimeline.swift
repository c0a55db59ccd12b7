import RxCore
import RxDiagrams
import RxDisposables
import Synchronization

extension ObservableType {
    /// Records every subscription, element, error, completion and disposal that passes into
    /// `timeline`, as a row named `identifier` (by default the file, line and function of this
    /// call), each event with its time and the thread or queue it arrived on; then passes
    /// everything on unchanged.
    ///
    /// `debug(_:)`'s twin for pictures: put it anywhere in a chain, as often as needed, with one
    /// timeline for all the points, and draw the timeline (``/RxDiagrams/Timeline/svg(title:)``,
    /// ``/RxDiagrams/Timeline/write(to:title:)``) once the run has happened. Each subscription
    /// at the point gets a lane of its own while it overlaps another. An element is described as
    /// `String(describing:)` spells it, on the thread it arrives on; nothing is printed.
    public func debug(
        _ identifier: String? = nil, into timeline: Timeline, file: String = #file, line: UInt = #line,
        function: String = #function
    ) -> Observable<Element> {
        let name = identifier ?? "\(file.split(separator: "/").last.map(String.init) ?? file):\(line) (\(function))"
        return DebugTimeline(source: asObservable(), timeline: timeline, point: name)
    }
}

/// The producer behind `debug(_:into:)`.
final class DebugTimeline<Element>: Producer<Element> {
    private let source: Observable<Element>
    let timeline: Timeline
    let point: String
    let describe: (Element) -> String

    init(source: Observable<Element>, timeline: Timeline, point: String) {
        self.source = source
        self.timeline = timeline
        self.point = point
        describe = ElementDescription.describer(for: Element.self)
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Element {
        let sink = DebugTimelineSink(
            recording: timeline.subscription(at: point), describe: describe, observer: observer, cancel: cancel)
        return sink.subscribe(to: source)
    }
}

/// Records what passes, then forwards it.
final class DebugTimelineSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    private let recording: TimelineSubscription
    private let describe: (Element) -> String
    // Set by the first disposal, which alone is recorded: a sink may be disposed more than once.
    private let disposalRecorded = Atomic<Bool>(false)

    init(
        recording: TimelineSubscription, describe: @escaping (Element) -> String, observer: Observer,
        cancel: any Cancelable
    ) {
        self.recording = recording
        self.describe = describe
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element): onNext(element)
        case .error(let error): onError(error)
        case .completed: onCompleted()
        }
    }

    func onNext(_ element: Element) {
        // Described before anything is locked: `description` is the user's code.
        recording.record(.next(describe(element)))
        forwardNext(element)
    }

    func onError(_ error: any Swift.Error) {
        recording.record(.error(String(describing: error)))
        forwardErrorAndDispose(error)
    }

    func onCompleted() {
        recording.record(.completed)
        forwardCompletedAndDispose()
    }

    override func dispose() {
        if !disposalRecorded.exchange(true, ordering: .relaxed) {
            recording.record(.disposed)
        }
        super.dispose()
    }
}

/// `String(describing:)` for one element type, its checks made once instead of per element.
///
/// `String(describing:)` on a generic value asks the runtime, for every value, whether its type
/// is `TextOutputStreamable`, then `CustomStringConvertible`: most of what recording an element
/// costs. The answer depends on the type alone, so it is asked when the operator is made, and
/// each element is then described through the protocol found, with the same result.
enum ElementDescription {
    static func describer<Element>(for type: Element.Type) -> (Element) -> String {
        if let streamable = type as? any TextOutputStreamable.Type,
            let describe = streamed(streamable) as? (Element) -> String
        {
            return describe
        }
        if let convertible = type as? any CustomStringConvertible.Type,
            let describe = described(convertible) as? (Element) -> String
        {
            return describe
        }
        return { String(describing: $0) }
    }

    // Each returns its closure as `Any`, so that it can be called with the type opened from an
    // existential metatype, and cast back to the element's closure type by the caller.
    private static func streamed<Value: TextOutputStreamable>(_: Value.Type) -> Any {
        { (value: Value) -> String in
            var text = ""
            value.write(to: &text)
            return text
        }
    }

    private static func described<Value: CustomStringConvertible>(_: Value.Type) -> Any {
        { (value: Value) -> String in value.description }
    }
}
