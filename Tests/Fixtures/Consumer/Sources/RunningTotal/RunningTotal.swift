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

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Element {
        let sink = RunningTotalSink(observer: observer, cancel: cancel)
        return sink.subscribe(to: source)
    }
}

/// What one subscription owns, the total so far, and the forwarding of each new total.
final class RunningTotalSink<Observer: ObserverType>: Sink<Observer>, TerminalEventForwarding
where Observer.Element: AdditiveArithmetic {
    private var total = Observer.Element.zero

    func onNext(_ element: Observer.Element) {
        total += element
        forwardNext(total)
    }
}
