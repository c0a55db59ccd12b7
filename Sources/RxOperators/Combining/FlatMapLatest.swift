import RxCore
import RxDisposables

extension ObservableType {
    /// Turns each element into a sequence with `selector` and passes on the elements of the
    /// latest of these sequences only: the sequence before is disposed before the new one is
    /// subscribed to.
    ///
    /// Completes once the source and the latest sequence have completed. The first error, of
    /// the source, of the latest sequence or thrown by `selector`, is passed on and disposes
    /// everything.
    public func flatMapLatest<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Source.Element> {
        let handlerIsolation = HandlerIsolation(isolation, file: file, line: line)
        let selector =
            handlerIsolation.isNonisolated ? selector : handlerIsolation.guarding(selector, "flatMapLatest(_:)")
        return FlatMapLatest(source: asObservable(), selector: selector)
    }
}

/// The producer behind `flatMapLatest(_:)`.
final class FlatMapLatest<SourceElement, Inner: ObservableConvertibleType>: Producer<Inner.Element> {
    private let source: Observable<SourceElement>
    private let selector: (SourceElement) throws -> Inner

    init(source: Observable<SourceElement>, selector: @escaping (SourceElement) throws -> Inner) {
        self.source = source
        self.selector = selector
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Inner.Element {
        FlatMapLatestSink(selector: selector, observer: observer, cancel: cancel).run(source)
    }
}

/// Switches to the sequence the selector makes of each source element.
final class FlatMapLatestSink<SourceElement, Inner: ObservableConvertibleType, Observer: ObserverType>: SwitchSink<
    SourceElement, Inner, Observer
>
where Inner.Element == Observer.Element {
    private let selector: (SourceElement) throws -> Inner

    init(selector: @escaping (SourceElement) throws -> Inner, observer: Observer, cancel: any Cancelable) {
        self.selector = selector
        super.init(observer: observer, cancel: cancel)
    }

    override func inner(for element: SourceElement) throws -> Inner {
        try selector(element)
    }
}
