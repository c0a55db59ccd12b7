import RxCore
import RxDisposables

extension ObservableType {
    /// The source's events, unless `dueTime` passes on `scheduler` without an element, counted
    /// from the subscription and then from each element: the sequence then fails with
    /// `RxError.timeout` and the source is let go.
    ///
    /// The timer starts before the source is subscribed to, and each element restarts it once
    /// the element has been passed on, as in RxSwift. A zero or negative `dueTime` times out at
    /// the scheduler's next turn unless an element comes first; `.never` never times out.
    public func timeout(_ dueTime: RxTimeInterval, scheduler: any SchedulerType) -> Observable<Element> {
        Timeout(source: asObservable(), dueTime: dueTime, other: nil, scheduler: scheduler)
    }

    /// The source's events, unless `dueTime` passes on `scheduler` without an element, counted
    /// from the subscription and then from each element: the sequence then switches to `other`,
    /// whose events are passed on from then on.
    ///
    /// At the switch `other` is subscribed to first and the source let go after, in RxSwift's
    /// order; nothing the source sends from the switch on is passed on, even when it races the
    /// timer from another thread. The timer starts before the source is subscribed to, and each
    /// element restarts it once the element has been passed on. A zero or negative `dueTime`
    /// switches at the scheduler's next turn unless an element comes first; `.never` never
    /// switches.
    public func timeout<Source: ObservableConvertibleType>(
        _ dueTime: RxTimeInterval, other: Source, scheduler: any SchedulerType
    ) -> Observable<Element> where Element == Source.Element {
        Timeout(source: asObservable(), dueTime: dueTime, other: other.asObservable(), scheduler: scheduler)
    }
}

/// The producer behind `timeout(_:scheduler:)` and `timeout(_:other:scheduler:)`.
final class Timeout<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let dueTime: RxTimeInterval
    // `nil`: fail with `RxError.timeout`, which is what subscribing to RxSwift's
    // `Observable.error(RxError.timeout)` does.
    private let other: Observable<Element>?
    private let scheduler: any SchedulerType

    init(
        source: Observable<Element>, dueTime: RxTimeInterval, other: Observable<Element>?, scheduler: any SchedulerType
    ) {
        self.source = source
        self.dueTime = dueTime
        self.other = other
        self.scheduler = scheduler
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Element {
        // The source's subscription, replaced by the other sequence's at the switch.
        let current = SerialDisposable()
        let sourceSubscription = SingleAssignmentDisposable()
        current.disposable = sourceSubscription
        let sink = TimeoutSink(
            dueTime: dueTime, other: other, scheduler: scheduler, current: current, observer: observer, cancel: cancel)
        let running = sink.holding(current)
        // The timer is started first, as in RxSwift: on a test scheduler, a source event due at
        // the same tick as the timeout comes after it.
        sink.start()
        sourceSubscription.setDisposable(source.subscribe(sink))
        return running
    }
}

/// Passes the source's events on and restarts the timer at each element; when the timer fires
/// first, switches to the other sequence (or fails).
final class TimeoutSink<Observer: ObserverType>: TimedSink<Observer.Element, Observer> {
    private let dueTime: RxTimeInterval
    private let other: Observable<Observer.Element>?
    private let current: SerialDisposable
    // Touched only holding the serializer: the timer has fired and the source no longer counts.
    private var switched = false

    init(
        dueTime: RxTimeInterval, other: Observable<Observer.Element>?, scheduler: any SchedulerType,
        current: SerialDisposable, observer: Observer, cancel: any Cancelable
    ) {
        self.dueTime = dueTime
        self.other = other
        self.current = current
        super.init(scheduler: scheduler, observer: observer, cancel: cancel)
    }

    override func started() {
        startTimer(after: dueTime)
    }

    override func handleNext(_ element: Observer.Element, arrivedAt _: RxTime?) {
        guard !switched else { return }
        forwardNext(element)
        if !isDisposed {
            startTimer(after: dueTime)
        }
    }

    override func handle(_ event: Event<Observer.Element>) {
        guard !switched else { return }
        switch event {
        case .next(let element):
            handleNext(element, arrivedAt: nil)
        case .error(let error):
            forwardErrorAndDispose(error)
        case .completed:
            forwardCompletedAndDispose()
        }
    }

    override func timerFired() {
        switched = true
        guard let other else {
            forwardErrorAndDispose(RxError.timeout)
            return
        }
        // Subscribed before the source's subscription, which the assignment disposes, is let go.
        current.disposable = other.subscribe(TimeoutOtherObserver(sink: self))
    }
}

/// Passes the other sequence's events on for its `timeout(_:other:scheduler:)` sink. Once the
/// sink has switched nothing else calls downstream, so these events need not go through the
/// serializer.
final class TimeoutOtherObserver<Observer: ObserverType>: EventRoutingObserver {
    typealias Element = Observer.Element

    private let sink: TimeoutSink<Observer>

    init(sink: TimeoutSink<Observer>) {
        self.sink = sink
    }

    func onNext(_ element: Element) {
        sink.forwardNext(element)
    }

    func onError(_ error: any Swift.Error) {
        sink.forwardErrorAndDispose(error)
    }

    func onCompleted() {
        sink.forwardCompletedAndDispose()
    }
}
