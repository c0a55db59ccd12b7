import RxCore
import RxDisposables
import RxSchedulers

extension ObservableType {
    /// A sequence that sends `element` again and again, one element per action on `scheduler`,
    /// and never ends by itself: stop it with `take(_:)` or by disposing.
    ///
    /// On the default ``/RxCore/CurrentThreadScheduler`` the elements take turns with other work
    /// queued on the thread's trampoline. Disposing, from any thread, stops it at the next
    /// element.
    public static func repeatElement(
        _ element: Element, scheduler: any ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> {
        RepeatElement(element: element, scheduler: scheduler)
    }
}

/// The producer behind `repeatElement(_:scheduler:)`.
final class RepeatElement<Element>: Producer<Element> {
    private let element: Element
    private let scheduler: any ImmediateSchedulerType

    init(element: Element, scheduler: any ImmediateSchedulerType) {
        self.element = element
        self.scheduler = scheduler
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Element {
        let sink = RepeatElementSink(element: element, observer: observer, cancel: cancel)
        return sink.holding(sink.run(on: scheduler))
    }
}

/// Sends the same element at every step.
final class RepeatElementSink<Observer: ObserverType>: SteppingSink<Observer> {
    private let element: Observer.Element

    init(element: Observer.Element, observer: Observer, cancel: any Cancelable) {
        self.element = element
        super.init(observer: observer, cancel: cancel)
    }

    override func emitNext() -> Bool {
        forwardNext(element)
        return true
    }
}
