import Dispatch
import RxCore
import RxDisposables

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension ObservableType {
    /// Sends at most one element per `dueTime`: an element that comes when `dueTime` has passed
    /// on `scheduler` since the last one sent goes on at once; one that comes sooner is dropped,
    /// or, when `latest` is `true`, kept (replacing the one kept before) and sent as soon as
    /// `dueTime` has passed since the last one sent.
    ///
    /// The time since the last element sent is measured with `scheduler.now`, read just after
    /// that element was delivered downstream. As RxSwift, the wait still left is rounded to a
    /// whole number of `dueTime`'s own unit (half away from zero), and when nothing is left the
    /// element is sent at once: with `.seconds(1)`, an element 0.6 s after the last one sent
    /// goes on at once, and one 0.4 s after it is kept for a full second more. Use a finer unit
    /// (`.milliseconds(1_000)`) for a finer window.
    ///
    /// When the source completes while an element is kept, completion waits for it: the element
    /// is sent when its time comes, then completion. An error is passed on at once and the kept
    /// element dropped. A zero or negative `dueTime` passes every element on at once. With
    /// `.never`, only the first element is sent; with `latest`, an element kept after it is
    /// never sent and a completion after that never comes (as RxSwift).
    ///
    /// - Parameters:
    ///   - dueTime: the shortest time between two elements sent.
    ///   - latest: whether the last element to come during a window is sent when it ends.
    ///   - scheduler: the scheduler whose clock measures the windows and that runs the timers.
    public func throttle(_ dueTime: RxTimeInterval, latest: Bool = true, scheduler: any SchedulerType)
        -> Observable<Element>
    {
        Throttle(source: asObservable(), dueTime: dueTime, latest: latest, scheduler: scheduler)
    }
}

/// The producer behind `throttle(_:latest:scheduler:)`.
final class Throttle<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let dueTime: RxTimeInterval
    private let latest: Bool
    private let scheduler: any SchedulerType

    init(source: Observable<Element>, dueTime: RxTimeInterval, latest: Bool, scheduler: any SchedulerType) {
        self.source = source
        self.dueTime = dueTime
        self.latest = latest
        self.scheduler = scheduler
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Element {
        let sink = ThrottleSink(
            dueTime: dueTime, latest: latest, scheduler: scheduler, observer: observer, cancel: cancel)
        return sink.subscribe(to: source)
    }
}

/// Sends an element when a window has passed since the last one sent; otherwise drops it or
/// keeps it (the latest only) for the timer that ends the window.
///
/// A dropped or replaced element schedules nothing and allocates nothing: the timer is started
/// only by the first element kept in a window.
final class ThrottleSink<Observer: ObserverType>: TimedSink<Observer.Element, Observer> {
    private let dueTime: RxTimeInterval
    private let latest: Bool
    // Touched only holding the serializer.
    // The element kept for the end of the window: held until it is sent, replaced, or the
    // subscription ends.
    private var kept: Observer.Element?
    // `scheduler.now` just after the last element was sent; `nil` before the first.
    private var lastSent: RxTime?
    // The source completed while an element was kept: completion follows that element.
    private var completionWaits = false

    init(
        dueTime: RxTimeInterval, latest: Bool, scheduler: any SchedulerType, observer: Observer,
        cancel: any Cancelable
    ) {
        self.dueTime = dueTime
        self.latest = latest
        super.init(scheduler: scheduler, observer: observer, cancel: cancel)
    }

    override func handle(_ event: Event<Observer.Element>) {
        // A source that sends after its completion (which waits here for the kept element) is
        // not listened to.
        guard !completionWaits else { return }
        switch event {
        case .next(let element):
            handleNext(element, arrivedAt: nil)
        case .error(let error):
            kept = nil
            forwardErrorAndDispose(error)
        case .completed:
            if kept == nil {
                forwardCompletedAndDispose()
            } else {
                completionWaits = true
            }
        }
    }

    // Elements come here without an `Event` around them, which generic code would look up the
    // metadata of for each one.
    override func handleNext(_ element: Observer.Element, arrivedAt _: RxTime?) {
        // A source that sends after its completion (which waits here for the kept element) is
        // not listened to.
        guard !completionWaits else { return }
        guard let wait = remainingWait() else {
            send(element)
            return
        }
        // Dropped: released when this returns, with nothing scheduled.
        guard latest else { return }
        let timerWanted = kept == nil
        // The element replaced dies here, holding the serializer, where no lock is held.
        kept = element
        if timerWanted {
            startTimer(after: wait)
        }
    }

    override func timerFired() {
        if let element = kept {
            send(element)
        }
        if completionWaits {
            forwardCompletedAndDispose()
        }
    }

    /// Sends `element`, in place of any element kept, and starts the next window.
    private func send(_ element: Observer.Element) {
        kept = nil
        // An element came just as its window ended, before the timer for the element it
        // replaced: that timer has nothing left to send.
        cancelTimer()
        forwardNext(element)
        // Read after the delivery, as RxSwift does, so that a slow observer's time counts
        // towards the next window.
        lastSent = scheduler.now
    }

    /// The part of `dueTime` still to wait before an element may be sent; `nil` when it may
    /// be sent now.
    private func remainingWait() -> RxTimeInterval? {
        guard let lastSent else { return nil }
        return throttleWait(dueTime, elapsed: scheduler.now.timeIntervalSince(lastSent))
    }

    override func releaseKept() {
        let released = kept
        kept = nil
        _ = released
    }
}

/// What is left of `dueTime` `elapsed` seconds after the last element was sent, by RxSwift's
/// rule: counted in `dueTime`'s own unit, rounded to a whole number of it (half away from zero)
/// and saturating at `Int.max` of it; `nil` once that number is zero or less. `.never` is never
/// over.
private func throttleWait(_ dueTime: RxTimeInterval, elapsed: Double) -> RxTimeInterval? {
    // The whole units of `value` left, `nil` when none; `elapsed` is in seconds.
    func left(_ value: Int, unitsPerSecond: Double) -> Int? {
        let remainder = Double(value) - elapsed * unitsPerSecond
        // Also false for NaN (an infinite interval minus an infinite one).
        guard remainder > 0 else { return nil }
        let whole = remainder.rounded(.toNearestOrAwayFromZero)
        if whole >= Double(Int.max) { return .max }
        let units = Int(whole)
        return units > 0 ? units : nil
    }
    switch dueTime {
    case .seconds(let value): return left(value, unitsPerSecond: 1).map { .seconds($0) }
    case .milliseconds(let value): return left(value, unitsPerSecond: 1_000).map { .milliseconds($0) }
    case .microseconds(let value): return left(value, unitsPerSecond: 1_000_000).map { .microseconds($0) }
    case .nanoseconds(let value): return left(value, unitsPerSecond: 1_000_000_000).map { .nanoseconds($0) }
    case .never: return .never
    @unknown default: return .never
    }
}
