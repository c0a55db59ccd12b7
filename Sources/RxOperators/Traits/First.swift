import RxCore
import RxDisposables

extension ObservableType {
    /// A `Single` of the source's first element, sent as it arrives, after which the source is
    /// disposed; `nil` when the source completes without one. The source's error fails it.
    public func first() -> Single<Element?> {
        Single(raw: First(source: asObservable()))
    }
}

/// The producer behind `first()`.
final class First<Element>: Producer<Element?> {
    private let source: Observable<Element>

    init(source: Observable<Element>) {
        self.source = source
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Element? {
        let sink = FirstSink<Element, Observer>(observer: observer, cancel: cancel)
        return sink.subscribe(to: source)
    }
}

/// Sends the first element, or `nil` on completion, and ends.
final class FirstSink<Element, Observer: ObserverType>: Sink<Observer>, ObserverType
where Observer.Element == Element? {
    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            forwardNext(element)
            forwardCompletedAndDispose()
        case .error(let error):
            forwardErrorAndDispose(error)
        case .completed:
            forwardNext(nil)
            forwardCompletedAndDispose()
        }
    }
}
