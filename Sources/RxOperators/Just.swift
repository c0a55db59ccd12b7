import RxCore
import RxDisposables

extension ObservableType {
    /// A sequence of one element, delivered at subscription, then completion.
    public static func just(_ element: Element) -> Observable<Element> {
        Just(element: element)
    }

    /// A sequence of one element, then completion, each sent as its own action on `scheduler`.
    public static func just(_ element: Element, scheduler: any ImmediateSchedulerType) -> Observable<Element> {
        JustScheduled(element: element, scheduler: scheduler)
    }
}

/// `just` without a scheduler: both events are sent from `subscribe` itself, with no sink and no
/// trampoline, as nothing can interleave with them.
final class Just<Element>: Observable<Element> {
    private let element: Element

    init(element: Element) {
        self.element = element
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
    where Observer.Element == Element {
        observer.on(.next(element))
        observer.on(.completed)
        return Disposables.create()
    }
}

/// `just` on a scheduler.
final class JustScheduled<Element>: Producer<Element> {
    let element: Element
    let scheduler: any ImmediateSchedulerType

    init(element: Element, scheduler: any ImmediateSchedulerType) {
        self.element = element
        self.scheduler = scheduler
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer, cancel: any Cancelable
    ) -> (sink: any Disposable, subscription: any Disposable) where Observer.Element == Element {
        let sink = JustScheduledSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}

/// Sends the element in one scheduled action and completion in the next.
final class JustScheduledSink<Observer: ObserverType>: OperatorSink<Observer> {
    typealias Element = Observer.Element

    private let parent: JustScheduled<Element>

    init(parent: JustScheduled<Element>, observer: Observer, cancel: any Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func run() -> any Disposable {
        let scheduler = parent.scheduler
        return scheduler.schedule(parent.element) { element in
            self.forwardNext(element)
            return scheduler.schedule(()) { _ in
                self.forwardCompleted()
                return Disposables.create()
            }
        }
    }
}
