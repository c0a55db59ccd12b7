import RxCore
import RxDisposables

extension ObservableType {
    /// Every event of the source as an element: its elements as `.next`, then its terminal
    /// event as `.error` or `.completed`, followed by completion. The result never fails.
    public func materialize() -> Observable<Event<Element>> {
        Materialize(source: asObservable())
    }
}

/// The producer behind `materialize()`.
final class Materialize<SourceType>: Producer<Event<SourceType>> {
    private let source: Observable<SourceType>

    init(source: Observable<SourceType>) {
        self.source = source
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Event<SourceType> {
        let sink = MaterializeSink<SourceType, Observer>(observer: observer, cancel: cancel)
        return sink.subscribe(to: source)
    }
}

/// Wraps each event in a `.next`.
final class MaterializeSink<SourceType, Observer: ObserverType>: Sink<Observer>, ObserverType
where Observer.Element == Event<SourceType> {
    func on(_ event: Event<SourceType>) {
        forwardNext(event)
        if event.isStopEvent {
            forwardCompletedAndDispose()
        }
    }
}
