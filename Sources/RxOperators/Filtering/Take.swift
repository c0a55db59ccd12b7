import RxCore
import RxDisposables

extension ObservableType {
    /// Passes on the first `count` elements, then completes and ends the upstream subscription.
    ///
    /// `take(0)` completes at once without subscribing to the source.
    ///
    /// - Precondition: `count` is not negative.
    public func take(_ count: Int) -> Observable<Element> {
        if count < 0 {
            rxFatalError("take(_:): count must not be negative, but it is \(count)")
        }
        if count == 0 {
            return .empty()
        }
        return TakeCount(source: asObservable(), count: count)
    }
}

/// The producer behind `take(_:)`.
final class TakeCount<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let count: Int

    init(source: Observable<Element>, count: Int) {
        self.source = source
        self.count = count
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Element {
        let sink = TakeCountSink(count: count, observer: observer, cancel: cancel)
        return sink.subscribe(to: source)
    }
}

/// Counts elements down and completes when the last one allowed has passed.
final class TakeCountSink<Observer: ObserverType>: Sink<Observer>, TerminalEventForwarding {
    typealias Element = Observer.Element

    private var remaining: Int

    init(count: Int, observer: Observer, cancel: any Cancelable) {
        remaining = count
        super.init(observer: observer, cancel: cancel)
    }

    func onNext(_ element: Element) {
        // Counting down before forwarding drops an element sent back from inside onNext.
        guard remaining > 0 else { return }
        remaining -= 1
        forwardNext(element)
        if remaining == 0 {
            forwardCompletedAndDispose()
        }
    }

}
