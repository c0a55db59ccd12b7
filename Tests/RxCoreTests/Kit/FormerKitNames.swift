import RxCore
import RxDisposables

// A build-time check, not a test: operators written against the kit's former names
// (`RunningSink`, `UpstreamHolding`, `Sink.cancel`) still compile, and the names mean the new
// types. Inside a deprecated declaration the deprecated names raise no warning, so the test
// target's warnings-as-errors build holds; a former name removed or pointing elsewhere fails it.
@available(*, deprecated, message: "uses the kit's former names on purpose")
private final class FormerNamesProducer<Element>: Producer<Element> {
    private let source: Observable<Element>

    init(source: Observable<Element>) {
        self.source = source
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> RunningSink
    where Observer.Element == Element {
        let sink = FormerNamesSink(observer: observer, cancel: cancel)
        let holding: any UpstreamHolding = sink
        _ = holding
        let sameDisposer: any Cancelable = sink.cancel
        _ = sameDisposer
        let receipt: SubscribedSink = sink.subscribe(to: source)
        return receipt
    }
}

@available(*, deprecated, message: "uses the kit's former names on purpose")
private final class FormerNamesSink<Observer: ObserverType>: Sink<Observer>, TerminalEventForwarding {
    typealias Element = Observer.Element

    func onNext(_ element: Element) {
        forwardNext(element)
    }
}
