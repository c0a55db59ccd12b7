import RxCore
import RxDisposables

extension ObservableType {
    /// Transforms each element with `transform` and passes on the non-`nil` results.
    ///
    /// An error thrown by `transform` is sent as `error` and ends the subscription.
    public func compactMap<Result>(
        _ transform: @escaping (Element) throws -> Result?, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Result> {
        let handlerIsolation = HandlerIsolation(isolation, file: file, line: line)
        let transform =
            handlerIsolation.isNonisolated ? transform : handlerIsolation.guarding(transform, "compactMap(_:)")
        // Inlinable for the reason `map` is.
        return CompactMap(source: asObservable(), transform: transform)
    }
}

/// The producer behind `compactMap`.
final class CompactMap<SourceType, Element>: Producer<Element> {
    typealias Transform = (SourceType) throws -> Element?

    private let source: Observable<SourceType>
    private let transform: Transform

    init(source: Observable<SourceType>, transform: @escaping Transform) {
        self.source = source
        self.transform = transform
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Element {
        let sink = CompactMapSink(transform: transform, observer: observer, cancel: cancel)
        return sink.subscribe(to: source)
    }
}

/// Applies the transform and drops the elements it maps to `nil`.
final class CompactMapSink<SourceType, Result, Observer: ObserverType>: Sink<Observer>,
    TerminalEventForwarding
where Observer.Element == Result {
    typealias Element = SourceType
    typealias Transform = (SourceType) throws -> Result?

    private let transform: Transform

    init(transform: @escaping Transform, observer: Observer, cancel: any Cancelable) {
        self.transform = transform
        super.init(observer: observer, cancel: cancel)
    }

    func onNext(_ element: SourceType) {
        let mapped: Result?
        do {
            mapped = try transform(element)
        } catch {
            forwardErrorAndDispose(error)
            return
        }
        if let mapped {
            forwardNext(mapped)
        }
    }

}
