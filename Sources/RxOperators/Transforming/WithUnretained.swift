import RxCore
import RxDisposables

extension ObservableType {
    /// Each element combined with `obj` by `resultSelector`, holding `obj` weakly: the first
    /// element to arrive after `obj` was released completes the sequence instead.
    public func withUnretained<Object: AnyObject, Out>(
        _ obj: Object, resultSelector: @escaping (Object, Element) -> Out,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Out> {
        let handlerIsolation = HandlerIsolation(isolation, file: file, line: line)
        let resultSelector =
            handlerIsolation.isNonisolated
            ? resultSelector : handlerIsolation.guarding(resultSelector, "withUnretained(resultSelector:)")
        return WithUnretained(source: asObservable(), object: obj, resultSelector: resultSelector)
    }

    /// Each element paired with `obj`, holding `obj` weakly: the first element to arrive after
    /// `obj` was released completes the sequence instead.
    public func withUnretained<Object: AnyObject>(_ obj: Object) -> Observable<(Object, Element)> {
        withUnretained(obj) { ($0, $1) }
    }
}

/// The producer behind both forms of `withUnretained`.
final class WithUnretained<SourceType, Object: AnyObject, Out>: Producer<Out> {
    private let source: Observable<SourceType>
    private weak var object: Object?
    private let resultSelector: (Object, SourceType) -> Out

    init(source: Observable<SourceType>, object: Object, resultSelector: @escaping (Object, SourceType) -> Out) {
        self.source = source
        self.object = object
        self.resultSelector = resultSelector
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Out {
        let sink = WithUnretainedSink(
            object: object, resultSelector: resultSelector, observer: observer, cancel: cancel)
        return sink.subscribe(to: source)
    }
}

/// Combines each element with the object while it lives, and completes once it does not.
final class WithUnretainedSink<SourceType, Object: AnyObject, Observer: ObserverType>: Sink<Observer>,
    TerminalEventForwarding
{
    typealias Element = SourceType

    private weak var object: Object?
    private let resultSelector: (Object, SourceType) -> Observer.Element

    init(
        object: Object?, resultSelector: @escaping (Object, SourceType) -> Observer.Element, observer: Observer,
        cancel: any Cancelable
    ) {
        self.object = object
        self.resultSelector = resultSelector
        super.init(observer: observer, cancel: cancel)
    }

    func onNext(_ element: SourceType) {
        guard let object else {
            forwardCompletedAndDispose()
            return
        }
        forwardNext(resultSelector(object, element))
    }
}
