import RxCore
import RxDisposables

extension ObservableType {
    /// Only the source's terminal event: every element is dropped, and the result's element
    /// type is `Never`, as in RxSwift 6.
    public func ignoreElements() -> Observable<Never> {
        IgnoreElements(source: asObservable())
    }
}

/// The producer behind `ignoreElements()`.
final class IgnoreElements<SourceElement>: Producer<Never> {
    private let source: Observable<SourceElement>

    init(source: Observable<SourceElement>) {
        self.source = source
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Never {
        let sink = IgnoreElementsSink<SourceElement, Observer>(observer: observer, cancel: cancel)
        return sink.subscribe(to: source)
    }
}

/// Drops elements and forwards the terminal event.
final class IgnoreElementsSink<SourceElement, Observer: ObserverType>: Sink<Observer>, TerminalEventForwarding
where Observer.Element == Never {
    typealias Element = SourceElement

    func onNext(_ element: SourceElement) {}
}
