import RxCore
import RxDisposables

extension ObservableType {
    /// Passes on the source's events until `duration` has passed on `scheduler` since
    /// subscribing, then completes and ends the source's subscription.
    ///
    /// The timer starts before the source is subscribed to, so elements the source sends while
    /// being subscribed to are passed on. A source's terminal event that comes first is passed
    /// on at once. A zero or negative `duration` completes as soon as `scheduler` runs the timer
    /// (on a `TestScheduler`, the next tick); `.never` never completes on its own, it mirrors
    /// the source.
    ///
    /// - Parameters:
    ///   - duration: how long to pass elements on, from the subscription.
    ///   - scheduler: the scheduler that runs the timer.
    public func take(for duration: RxTimeInterval, scheduler: any SchedulerType) -> Observable<Element> {
        TakeForDuration(source: asObservable(), duration: duration, scheduler: scheduler)
    }
}

/// The producer behind `take(for:scheduler:)`.
final class TakeForDuration<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let duration: RxTimeInterval
    private let scheduler: any SchedulerType

    init(source: Observable<Element>, duration: RxTimeInterval, scheduler: any SchedulerType) {
        self.source = source
        self.duration = duration
        self.scheduler = scheduler
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Element {
        let sink = TakeForDurationSink(duration: duration, scheduler: scheduler, observer: observer, cancel: cancel)
        sink.start()
        return sink.subscribe(to: source)
    }
}

/// Forwards the source's events until its timer fires, then completes.
final class TakeForDurationSink<Observer: ObserverType>: TimedSink<Observer.Element, Observer> {
    private let duration: RxTimeInterval

    init(duration: RxTimeInterval, scheduler: any SchedulerType, observer: Observer, cancel: any Cancelable) {
        self.duration = duration
        super.init(scheduler: scheduler, observer: observer, cancel: cancel)
    }

    // Holding the serializer, before the source is subscribed to: the timer first, as RxSwift orders them.
    override func started() {
        startTimer(after: duration)
    }

    override func handle(_ event: Event<Observer.Element>) {
        switch event {
        case .next(let element):
            forwardNext(element)
        case .error(let error):
            forwardErrorAndDispose(error)
        case .completed:
            forwardCompletedAndDispose()
        }
    }

    override func timerFired() {
        forwardCompletedAndDispose()
    }
}
