import RxCore
import RxDisposables

extension ObservableType where Element: AdditiveArithmetic {
    /// The sum of the elements so far, after each element.
    public func runningTotal() -> Observable<Element> {
        RunningTotal(source: asObservable())
    }
}

/// The producer behind `runningTotal()`: what every subscription shares, the source.
final class RunningTotal<Element: AdditiveArithmetic>: Producer<Element> {
    private let source: Observable<Element>

    init(source: Observable<Element>) {
        self.source = source
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> RunningSink
    where Observer.Element == Element {
        let sink = RunningTotalSink(observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink: sink, subscription: subscription)
    }
}

/// What one subscription owns, the total so far, and the forwarding of each new total.
final class RunningTotalSink<Observer: ObserverType>: Sink<Observer>, ObserverType
where Observer.Element: AdditiveArithmetic {
    private var total = Observer.Element.zero

    func on(_ event: Event<Observer.Element>) {
        switch event {
        case .next(let element):
            total += element
            forwardOn(.next(total))
        case .error, .completed:
            forwardOn(event)
            dispose()
        }
    }
}
