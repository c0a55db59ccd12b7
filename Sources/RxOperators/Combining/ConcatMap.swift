import RxCore
import RxDisposables

extension ObservableType {
    /// Turns each element into a sequence with `selector` and subscribes to these sequences one
    /// at a time, in order: each waits until the one before it has completed.
    ///
    /// `selector` runs as each element arrives; the sequence it makes waits, and is kept only
    /// until it is subscribed to. Completes once the source and every sequence have completed.
    /// The first error, from the source, a sequence or thrown by `selector`, is passed on and
    /// disposes everything.
    public func concatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Source.Element> {
        let handlerIsolation = HandlerIsolation(isolation, file: file, line: line)
        let selector = handlerIsolation.isNonisolated ? selector : handlerIsolation.guarding(selector, "concatMap(_:)")
        return ConcatMap(source: asObservable(), selector: selector)
    }
}

/// The producer behind `concatMap(_:)`.
final class ConcatMap<SourceElement, Inner: ObservableConvertibleType>: Producer<Inner.Element> {
    private let source: Observable<SourceElement>
    private let selector: (SourceElement) throws -> Inner

    init(source: Observable<SourceElement>, selector: @escaping (SourceElement) throws -> Inner) {
        self.source = source
        self.selector = selector
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Inner.Element {
        let sink = FlatMapSink(
            selector: selector, maxConcurrent: 1, dropsWhileActive: false, observer: observer, cancel: cancel)
        return sink.run(source)
    }
}
