import RxCore
import RxDisposables

extension ObservableType {
    /// Sends an element only once `dueTime` has passed on `scheduler` without another element
    /// after it: each element restarts the wait and replaces the one waiting.
    ///
    /// When the source completes, the element still waiting is sent at once, then completion;
    /// an error is passed on at once and the waiting element is dropped. A zero or negative
    /// `dueTime` sends each element as soon as `scheduler` runs it, unless another arrives
    /// first; `.never` sends only the element waiting when the source completes.
    public func debounce(_ dueTime: RxTimeInterval, scheduler: any SchedulerType) -> Observable<Element> {
        Debounce(source: asObservable(), dueTime: dueTime, scheduler: scheduler)
    }
}

/// The producer behind `debounce(_:scheduler:)`.
final class Debounce<Element>: Producer<Element> {
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
        let sink = DebounceSink(dueTime: dueTime, scheduler: scheduler, observer: observer, cancel: cancel)
        return sink.subscribe(to: source)
    }
}

/// Keeps the latest element and sends it when the timer its arrival restarted fires.
final class DebounceSink<Observer: ObserverType>: TimedSink<Observer.Element, Observer> {
    private let dueTime: RxTimeInterval
    // Touched only holding the serializer; held only until it is sent, replaced or the subscription ends.
    private var waiting: Observer.Element?

    init(dueTime: RxTimeInterval, scheduler: any SchedulerType, observer: Observer, cancel: any Cancelable) {
        self.dueTime = dueTime
        super.init(scheduler: scheduler, observer: observer, cancel: cancel)
    }

    // Elements come here without an `Event` around them, which generic code would look up the
    // metadata of for each one.
    override func handleNext(_ element: Observer.Element, arrivedAt _: RxTime?) {
        // The element replaced dies here, holding the serializer, where no lock is held.
        waiting = element
        startTimer(after: dueTime)
    }

    override func handle(_ event: Event<Observer.Element>) {
        switch event {
        case .next(let element):
            handleNext(element, arrivedAt: nil)
        case .error(let error):
            waiting = nil
            forwardErrorAndDispose(error)
        case .completed:
            if let element = waiting {
                waiting = nil
                forwardNext(element)
            }
            forwardCompletedAndDispose()
        }
    }

    override func timerFired() {
        guard let element = waiting else { return }
        waiting = nil
        forwardNext(element)
    }

    override func releaseKept() {
        let released = waiting
        waiting = nil
        _ = released
    }
}
