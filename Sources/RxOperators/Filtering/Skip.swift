import RxCore
import RxDisposables

extension ObservableType {
    /// Drops the first `count` elements and passes on the rest. A count of zero or less
    /// drops nothing.
    public func skip(_ count: Int) -> Observable<Element> {
        SkipCount(source: asObservable(), count: count)
    }
}

/// The producer behind `skip(_:)`.
final class SkipCount<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let count: Int

    init(source: Observable<Element>, count: Int) {
        self.source = source
        self.count = count
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Element {
        let sink = SkipCountSink(count: count, observer: observer, cancel: cancel)
        return sink.subscribe(to: source)
    }
}

/// Counts elements down and forwards once the count is used up.
final class SkipCountSink<Observer: ObserverType>: Sink<Observer>, TerminalEventForwarding {
    typealias Element = Observer.Element

    private var remaining: Int

    init(count: Int, observer: Observer, cancel: any Cancelable) {
        remaining = count
        super.init(observer: observer, cancel: cancel)
    }

    func onNext(_ element: Element) {
        if remaining > 0 {
            remaining -= 1
        } else {
            forwardNext(element)
        }
    }

}
