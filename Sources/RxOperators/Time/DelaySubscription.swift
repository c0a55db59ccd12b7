import RxCore
import RxDisposables

extension ObservableType {
    /// Subscribes to the source only once `dueTime` has passed on `scheduler`, from the
    /// scheduled action, and passes its events on unchanged.
    ///
    /// Disposing before then cancels the scheduled subscription: the source is never
    /// subscribed to. A zero or negative `dueTime` subscribes as soon as `scheduler` runs the
    /// action (on a `TestScheduler`, the next tick); `.never` never subscribes, so nothing is
    /// ever sent.
    ///
    /// - Parameters:
    ///   - dueTime: how long to wait before subscribing.
    ///   - scheduler: the scheduler that runs the subscription.
    public func delaySubscription(_ dueTime: RxTimeInterval, scheduler: any SchedulerType) -> Observable<Element> {
        DelaySubscription(source: asObservable(), dueTime: dueTime, scheduler: scheduler)
    }
}

/// The producer behind `delaySubscription(_:scheduler:)`.
final class DelaySubscription<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let dueTime: RxTimeInterval
    private let scheduler: any SchedulerType

    init(source: Observable<Element>, dueTime: RxTimeInterval, scheduler: any SchedulerType) {
        self.source = source
        self.dueTime = dueTime
        self.scheduler = scheduler
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Element {
        let sink = DelaySubscriptionSink(observer: observer, cancel: cancel)
        let source = source
        // The scheduled action holds the sink until it runs or is cancelled; once it has run,
        // disposing it disposes the source subscription it returned.
        let scheduled = scheduler.scheduleRelative((), dueTime: dueTime) { _ in
            source.subscribe(sink)
        }
        return sink.holding(scheduled)
    }
}

/// Forwards the source's events unchanged.
final class DelaySubscriptionSink<Observer: ObserverType>: Sink<Observer>, TerminalEventForwarding {
    typealias Element = Observer.Element

    func onNext(_ element: Element) {
        forwardNext(element)
    }
}
