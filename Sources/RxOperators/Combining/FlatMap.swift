import RxCore
import RxDisposables

extension ObservableType {
    /// Turns each element into a sequence with `selector`, subscribes to it at once, and passes
    /// on the elements of all these sequences as they come.
    ///
    /// Completes once the source and every inner sequence have completed. The first error, from
    /// the source, an inner sequence or thrown by `selector`, is passed on and disposes every
    /// subscription. Inner sequences sending on different threads are serialized.
    public func flatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Source.Element> {
        let handlerIsolation = HandlerIsolation(isolation, file: file, line: line)
        let selector = handlerIsolation.isNonisolated ? selector : handlerIsolation.guarding(selector, "flatMap(_:)")
        return FlatMap(source: asObservable(), selector: selector, dropsWhileActive: false)
    }
}

/// The producer behind `flatMap(_:)` and `flatMapFirst(_:)`.
final class FlatMap<SourceElement, Inner: ObservableConvertibleType>: Producer<Inner.Element> {
    private let source: Observable<SourceElement>
    private let selector: (SourceElement) throws -> Inner
    private let dropsWhileActive: Bool

    init(source: Observable<SourceElement>, selector: @escaping (SourceElement) throws -> Inner, dropsWhileActive: Bool)
    {
        self.source = source
        self.selector = selector
        self.dropsWhileActive = dropsWhileActive
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Inner.Element {
        let sink = FlatMapSink(
            selector: selector, maxConcurrent: .max, dropsWhileActive: dropsWhileActive, observer: observer,
            cancel: cancel)
        return sink.run(source)
    }
}

/// Merges the sequences the selector makes of the source's elements; with a limit, also the sink
/// of `concatMap(_:)`.
final class FlatMapSink<SourceElement, Inner: ObservableConvertibleType, Observer: ObserverType>: MergeSink<
    SourceElement, Inner, Observer
>
where Inner.Element == Observer.Element {
    private let selector: (SourceElement) throws -> Inner

    init(
        selector: @escaping (SourceElement) throws -> Inner, maxConcurrent: Int, dropsWhileActive: Bool,
        observer: Observer, cancel: any Cancelable
    ) {
        self.selector = selector
        super.init(maxConcurrent: maxConcurrent, dropsWhileActive: dropsWhileActive, observer: observer, cancel: cancel)
    }

    override func inner(for element: SourceElement) throws -> Inner {
        try selector(element)
    }
}
