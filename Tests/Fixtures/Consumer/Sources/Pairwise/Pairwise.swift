import RxCore
import RxDisposables

extension ObservableType {
    /// Each element paired with the one before it; the first element only starts the first pair.
    public func pairwise() -> Observable<(previous: Element, current: Element)> {
        Pairwise(source: asObservable())
    }
}

/// The producer behind `pairwise()`: it holds the source and makes one sink per subscription.
final class Pairwise<SourceElement>: Producer<(previous: SourceElement, current: SourceElement)> {
    private let source: Observable<SourceElement>

    init(source: Observable<SourceElement>) {
        self.source = source
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer, cancel: any Cancelable
    ) -> (sink: any Disposable, subscription: any Disposable) where Observer.Element == Element {
        let sink = PairwiseSink<SourceElement, Observer>(observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink: sink, subscription: subscription)
    }
}

/// Remembers the last element of one subscription and forwards each pair downstream.
final class PairwiseSink<SourceElement, Observer: ObserverType>: Sink<Observer>, ObserverType
where Observer.Element == (previous: SourceElement, current: SourceElement) {
    private var previous: SourceElement?

    func on(_ event: Event<SourceElement>) {
        switch event {
        case .next(let element):
            if let previous {
                forwardOn(.next((previous: previous, current: element)))
            }
            previous = element
        case .error(let error):
            forwardOn(.error(error))
            dispose()
        case .completed:
            forwardOn(.completed)
            dispose()
        }
    }
}
