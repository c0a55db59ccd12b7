import RxCore
import RxDisposables

extension ObservableType {
    /// Sends `elements`, in order, as soon as it is subscribed to, and then passes the source
    /// on.
    ///
    /// The source is subscribed to after the last of `elements` was sent.
    public func startWith(_ elements: Element...) -> Observable<Element> {
        StartWith(source: asObservable(), elements: elements)
    }
}

/// The producer behind `startWith(_:)`.
final class StartWith<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let elements: [Element]

    init(source: Observable<Element>, elements: [Element]) {
        self.source = source
        self.elements = elements
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Element {
        let sink = StartWithSink(observer: observer, cancel: cancel)
        // Sent before `run` returns, as RxSwift does: a downstream that stops early (`take(1)`)
        // ignores the rest, and disposes the source's subscription as soon as it holds it.
        for element in elements {
            sink.forwardNext(element)
        }
        return sink.subscribe(to: source)
    }
}

/// Passes the source on unchanged once the leading elements were sent.
final class StartWithSink<Observer: ObserverType>: Sink<Observer>, TerminalEventForwarding {
    typealias Element = Observer.Element

    func onNext(_ element: Element) {
        forwardNext(element)
    }
}
