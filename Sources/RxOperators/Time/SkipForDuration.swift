import RxCore
import RxDisposables

extension ObservableType {
    /// Drops the source's elements until `duration` has passed on `scheduler` since
    /// subscribing, then passes on the rest. (RxSwift's name for what is elsewhere called
    /// `skip(for:)`.)
    ///
    /// Terminal events are passed on whenever they come. The timer starts before the source is
    /// subscribed to, and an element that comes at the very instant it is due, before the timer
    /// has run, is still dropped. A zero or negative `duration` opens as soon as `scheduler`
    /// runs the timer (on a `TestScheduler`, the next tick), so elements the source sends while
    /// being subscribed to are dropped; `.never` drops every element.
    ///
    /// - Parameters:
    ///   - duration: how long to drop elements for, from the subscription.
    ///   - scheduler: the scheduler that runs the timer.
    public func skip(_ duration: RxTimeInterval, scheduler: any SchedulerType) -> Observable<Element> {
        SkipForDuration(source: asObservable(), duration: duration, scheduler: scheduler)
    }
}

/// The producer behind `skip(_:scheduler:)`.
final class SkipForDuration<Element>: Producer<Element> {
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
        let sink = SkipForDurationSink(duration: duration, scheduler: scheduler, observer: observer, cancel: cancel)
        sink.start()
        return sink.subscribe(to: source)
    }
}

/// Drops the source's elements until its timer fires; forwards terminal events at any time.
final class SkipForDurationSink<Observer: ObserverType>: TimedSink<Observer.Element, Observer> {
    private let duration: RxTimeInterval

    init(duration: RxTimeInterval, scheduler: any SchedulerType, observer: Observer, cancel: any Cancelable) {
        self.duration = duration
        super.init(scheduler: scheduler, observer: observer, cancel: cancel)
    }

    // Holding the serializer, before the source is subscribed to: the timer first, as RxSwift orders them.
    override func started() {
        startTimer(after: duration)
    }

    // Touched only holding the serializer: whether the timer has fired.
    private var open = false

    override func handle(_ event: Event<Observer.Element>) {
        switch event {
        case .next(let element):
            if open {
                forwardNext(element)
            }
        case .error(let error):
            forwardErrorAndDispose(error)
        case .completed:
            forwardCompletedAndDispose()
        }
    }

    override func timerFired() {
        open = true
    }
}
