import Dispatch
import RxCore
import RxDisposables

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension ObservableType {
    /// Sends each element, and completion, `dueTime` later on `scheduler` than the source sent
    /// it. An error is not delayed: it is passed on at once and the elements still waiting are
    /// dropped, as RxSwift does.
    ///
    /// Each event's time is read from `scheduler.now` as it arrives. One timer runs at a time:
    /// when it fires it sends the oldest waiting event, then waits until the next one is due.
    /// When the next one is already due, it waits for the scheduler's next turn instead of
    /// sending it in the same one, as RxSwift does; on a `TestScheduler`, elements the source sent
    /// at the same tick therefore come out one tick apart. The source's subscription ends as
    /// soon as the source completes, before the delayed completion is sent.
    ///
    /// What is left of an event's delay when the timer turns to it is counted in `dueTime`'s own
    /// unit and rounded to the nearest, as RxSwift does: a delay given in seconds sends events
    /// that waited behind others up to half a second early or late, one given in milliseconds
    /// within half a millisecond.
    ///
    /// A zero or negative `dueTime` sends each event at the scheduler's next turn. `.never`
    /// sends nothing but an error, and keeps no element, since none would ever be sent.
    public func delay(_ dueTime: RxTimeInterval, scheduler: any SchedulerType) -> Observable<Element> {
        Delay(source: asObservable(), dueTime: dueTime, scheduler: scheduler)
    }
}

/// The producer behind `delay(_:scheduler:)`.
final class Delay<Element>: Producer<Element> {
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
        // Held apart from the sink's timer, so that the source can be let go when it completes
        // while the delayed events are still to be sent.
        let sourceSubscription = SingleAssignmentDisposable()
        let sink = DelaySink(
            dueTime: dueTime, scheduler: scheduler, sourceSubscription: sourceSubscription, observer: observer,
            cancel: cancel)
        let running = sink.holding(sourceSubscription)
        sourceSubscription.setDisposable(source.subscribe(sink))
        return running
    }
}

/// Queues each element with the time it arrived, and sends the oldest each time its timer fires.
final class DelaySink<Observer: ObserverType>: TimedSink<Observer.Element, Observer> {
    private let dueTime: RxTimeInterval
    // `.never`: nothing is ever sent but an error, so nothing is kept.
    private let neverDue: Bool
    private let sourceSubscription: SingleAssignmentDisposable
    // Touched only holding the serializer. Each element waits, with the time it arrived at the same place
    // in `arrivals`, and is let go as it is sent; the queues are made at the first element. Two
    // queues rather than one of pairs: in unspecialised code a pair's type metadata would be
    // looked up on every element.
    private var waiting: RingQueue<Observer.Element>?
    private var arrivals: RingQueue<RxTime>?
    // When the source completed: completion is sent after every waiting element.
    private var completedAt: RxTime?

    init(
        dueTime: RxTimeInterval, scheduler: any SchedulerType, sourceSubscription: SingleAssignmentDisposable,
        observer: Observer, cancel: any Cancelable
    ) {
        self.dueTime = dueTime
        self.neverDue = dueTime.nanoseconds == nil
        self.sourceSubscription = sourceSubscription
        // The source never waits for a delayed element its observer is still handling, as in
        // RxSwift: that observer may be waiting for the source's next event (an error ends the
        // sequence once the element's handling returns).
        super.init(
            scheduler: scheduler, stampsArrivals: true, sourceNeverWaits: true, observer: observer, cancel: cancel)
    }

    override func handleNext(_ element: Observer.Element, arrivedAt time: RxTime?) {
        // Whatever a source that ignores its disposal sends after completing is not its event.
        guard completedAt == nil, !neverDue else { return }
        // Always stamped: this sink is made with `stampsArrivals`.
        let time = time ?? scheduler.now
        if let waiting, let arrivals {
            waiting.append(element)
            arrivals.append(time)
        } else {
            startQueues(element, arrivedAt: time)
        }
        if !isTimerRunning {
            startTimer(after: wait(since: time))
        }
    }

    override func handle(_ event: Event<Observer.Element>) {
        // Not reached: this sink is made with `stampsArrivals`.
        handle(event, arrivedAt: scheduler.now)
    }

    override func handle(_ event: Event<Observer.Element>, arrivedAt time: RxTime) {
        guard completedAt == nil else { return }
        switch event {
        case .next(let element):
            handleNext(element, arrivedAt: time)
        case .error(let error):
            // The waiting elements die here, before the error is passed on, as in RxSwift.
            releaseKept()
            forwardErrorAndDispose(error)
        case .completed:
            completedAt = time
            sourceSubscription.dispose()
            if !isTimerRunning, !neverDue {
                startTimer(after: wait(since: time))
            }
        }
    }

    override func timerFired() {
        let firedAt = scheduler.now
        guard sendOldest() else { return }
        while !isDisposed {
            let arrival: RxTime
            if let next = arrivals?.first {
                arrival = next
            } else if let completedAt {
                arrival = completedAt
            } else {
                return
            }
            let now = scheduler.now
            let wait = dueTime.remaining(after: arrival, until: now)
            // An event already due goes out in this turn only once the clock has moved on from
            // the turn's start; a clock that stands still during a turn (virtual time) makes it
            // wait for the next turn, which is what RxSwift does for every event.
            guard wait.nanoseconds == 0, now > firedAt else {
                startTimer(after: wait)
                return
            }
            guard sendOldest() else { return }
        }
    }

    /// Makes the queues with the first element. Separate, so that the element path does not
    /// look up the metadata this needs.
    private func startQueues(_ element: Observer.Element, arrivedAt time: RxTime) {
        let waiting = RingQueue<Observer.Element>()
        waiting.append(element)
        self.waiting = waiting
        let arrivals = RingQueue<RxTime>()
        arrivals.append(time)
        self.arrivals = arrivals
    }

    /// The delay left for an event that arrived at `time` and starts the timer: all of it when
    /// it has only just arrived, as RxSwift's, which starts its timer as the event arrives; less,
    /// to the nanosecond, when the event waited while another thread held the serializer.
    private func wait(since time: RxTime) -> RxTimeInterval {
        let now = scheduler.now
        guard now > time, let total = dueTime.nanoseconds else { return dueTime }
        let left = Double(total) - now.timeIntervalSince(time) * 1_000_000_000
        return .nanoseconds(left <= 0 ? 0 : left >= Double(Int.max) ? .max : Int(left))
    }

    /// Sends the oldest waiting element, or completion when none is left; whether an element
    /// was sent.
    private func sendOldest() -> Bool {
        if let waiting, let arrivals, !waiting.isEmpty {
            _ = arrivals.removeFirst()
            forwardNext(waiting.removeFirst())
            return true
        }
        if completedAt != nil {
            forwardCompletedAndDispose()
        }
        return false
    }

    override func releaseKept() {
        // The elements die once they are no longer stored: one's deinit may send into the source,
        // whose event must then find the queue gone rather than being changed.
        withExtendedLifetime(waiting) {
            waiting = nil
            arrivals = nil
        }
    }
}

extension DispatchTimeInterval {
    /// What is left of this interval once the span from `start` to `end` has passed, as RxSwift
    /// reduces a delay: in this interval's own unit, rounded to the nearest whole unit (halves
    /// away from zero), never below zero, and saturating at `Int.max` units where RxSwift traps.
    /// `.never` stays `.never`.
    func remaining(after start: RxTime, until end: RxTime) -> DispatchTimeInterval {
        let elapsed = end.timeIntervalSince(start)
        // The whole units of `value` left once `elapsed` seconds have passed, at `perSecond`
        // units a second. A NaN (no span at all) leaves nothing.
        func left(_ value: Int, perSecond: Double) -> Int {
            let remainder = Double(value) - elapsed * perSecond
            guard remainder > 0 else { return 0 }
            let rounded = remainder.rounded(.toNearestOrAwayFromZero)
            return rounded >= Double(Int.max) ? .max : Int(rounded)
        }
        switch self {
        case .seconds(let value): return .seconds(left(value, perSecond: 1))
        case .milliseconds(let value): return .milliseconds(left(value, perSecond: 1_000))
        case .microseconds(let value): return .microseconds(left(value, perSecond: 1_000_000))
        case .nanoseconds(let value): return .nanoseconds(left(value, perSecond: 1_000_000_000))
        case .never: return .never
        @unknown default: return self
        }
    }
}
