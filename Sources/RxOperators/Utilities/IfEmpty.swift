import RxCore
import RxDisposables

extension ObservableType {
    /// The source's events, or, when it completes without an element, `default` and then
    /// completion.
    public func ifEmpty(default: Element) -> Observable<Element> {
        IfEmptyDefault(source: asObservable(), defaultElement: `default`)
    }

    /// The source's events, or, when it completes without an element, those of `other`, which
    /// is subscribed to only then, after the source's subscription has ended.
    public func ifEmpty(switchTo other: Observable<Element>) -> Observable<Element> {
        IfEmptySwitch(source: asObservable(), other: other)
    }
}

/// The producer behind `ifEmpty(default:)`.
final class IfEmptyDefault<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let defaultElement: Element

    init(source: Observable<Element>, defaultElement: Element) {
        self.source = source
        self.defaultElement = defaultElement
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Element {
        let sink = IfEmptyDefaultSink(defaultElement: defaultElement, observer: observer, cancel: cancel)
        return sink.subscribe(to: source)
    }
}

/// Forwards the source's events and sends the default element on an empty completion.
final class IfEmptyDefaultSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    private let defaultElement: Element
    private var isEmpty = true

    init(defaultElement: Element, observer: Observer, cancel: any Cancelable) {
        self.defaultElement = defaultElement
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let error):
            forwardErrorAndDispose(error)
        case .completed:
            if isEmpty {
                forwardNext(defaultElement)
            }
            forwardCompletedAndDispose()
        }
    }

    func onNext(_ element: Element) {
        isEmpty = false
        forwardNext(element)
    }
}

/// The producer behind `ifEmpty(switchTo:)`.
final class IfEmptySwitch<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let other: Observable<Element>

    init(source: Observable<Element>, other: Observable<Element>) {
        self.source = source
        self.other = other
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Element {
        // The source's subscription goes in first, so that an empty source completing while it
        // is subscribed finds it there to replace with the other sequence's.
        let sourceSubscription = SingleAssignmentDisposable()
        let current = SerialDisposable()
        current.disposable = sourceSubscription
        let sink = IfEmptySwitchSink(other: other, current: current, observer: observer, cancel: cancel)
        let running = sink.holding(current)
        sourceSubscription.setDisposable(source.subscribe(sink))
        return running
    }
}

/// Forwards the source's events and, on an empty completion, switches to the other sequence.
final class IfEmptySwitchSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    private let other: Observable<Element>
    /// The source's subscription, then the other sequence's.
    private let current: SerialDisposable
    private var isEmpty = true

    init(other: Observable<Element>, current: SerialDisposable, observer: Observer, cancel: any Cancelable) {
        self.other = other
        self.current = current
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let error):
            forwardErrorAndDispose(error)
        case .completed:
            guard isEmpty else {
                forwardCompletedAndDispose()
                return
            }
            // The other sequence is subscribed first and then replaces the finished source's
            // subscription, which that disposes, in RxSwift's order.
            current.disposable = other.subscribe(IfEmptyOtherObserver(sink: self))
        }
    }

    func onNext(_ element: Element) {
        isEmpty = false
        forwardNext(element)
    }

    fileprivate func forwardOther(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            forwardNext(element)
        case .error(let error):
            forwardErrorAndDispose(error)
        case .completed:
            forwardCompletedAndDispose()
        }
    }
}

/// The other sequence's observer, which forwards straight to the sink.
private struct IfEmptyOtherObserver<Observer: ObserverType>: ObserverType {
    let sink: IfEmptySwitchSink<Observer>

    func on(_ event: Event<Observer.Element>) {
        sink.forwardOther(event)
    }
}
