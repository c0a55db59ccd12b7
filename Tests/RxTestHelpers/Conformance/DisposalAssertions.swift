import Dispatch
import RxCore
import RxDisposables
import RxTestSupport
import Testing

// Disposal at every awkward moment, the cases and expected events every operator is held to
// (CONTRIBUTING.md, rule 3), checked on each row of a conformance table.

/// Checks an operator that passes its source's elements through unchanged, applied by `apply` to
/// a hot source of `Int`s on a `TestScheduler` (the second argument, for operators that take
/// one), subscribed at 200:
///
/// - disposed twice mid-stream (at 215 and 216), on the scheduler's thread and then from another
///   thread while the scheduler waits: only the element sent before (210) arrives, `onDisposed`
///   runs once, and the source is unsubscribed once, at 215;
/// - disposed before its first event (at 200): nothing arrives, `onDisposed` once, and the source
///   is unsubscribed at once (or never subscribed, for an operator that subscribes late);
/// - disposed twice after it completed (at 400 and 500): nothing more than the element and the
///   completion, `onDisposed` once.
///
/// An operator that moves events by a tick says so: `deliveredLateBy` (`observe(on:)`, `delay`),
/// `subscribedLateBy` (`subscribe(on:)`, `delaySubscription`) and `unsubscribedLateBy`
/// (`subscribe(on:)`, which also unsubscribes on the scheduler).
func assertDisposal(
    passingThrough name: String, deliveredLateBy delay: TestTime, subscribedLateBy subscribeDelay: TestTime,
    unsubscribedLateBy unsubscribeDelay: TestTime, around environment: ConformanceRow.Environment,
    at location: SourceLocation, _ apply: @escaping (Observable<Int>, TestScheduler) -> Observable<Int>
) {
    for fromAnotherThread in [false, true] {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        let outcome = runDisposing(
            scheduler, around: environment, source: { apply(xs.asObservable(), scheduler) }, disposeAt: [215, 216],
            fromAnotherThread: fromAnotherThread)
        let context: Comment = "\(name) disposed twice mid-stream, from another thread: \(fromAnotherThread)"

        #expect(outcome.events == [.next(210 + delay, 1)], context, sourceLocation: location)
        #expect(outcome.disposedCount == 1, context, sourceLocation: location)
        #expect(
            xs.subscriptions == [Subscription(200 + subscribeDelay, 215 + unsubscribeDelay)], context,
            sourceLocation: location)
    }

    do {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let outcome = runDisposing(
            scheduler, around: environment, source: { apply(xs.asObservable(), scheduler) }, disposeAt: [200])
        let context: Comment = "\(name) disposed before its first event"

        #expect(outcome.events == [], context, sourceLocation: location)
        #expect(outcome.disposedCount == 1, context, sourceLocation: location)
        // An operator that subscribes late and is disposed first never subscribes.
        let expected = subscribeDelay > 0 ? [] : [Subscription(200, 200)]
        #expect(xs.subscriptions == expected, context, sourceLocation: location)
    }

    do {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let outcome = runDisposing(
            scheduler, around: environment, source: { apply(xs.asObservable(), scheduler) }, disposeAt: [400, 500])
        let context: Comment = "\(name) disposed twice after it completed"

        #expect(
            outcome.events == [.next(210 + delay, 1), .completed(300 + delay)], context, sourceLocation: location)
        #expect(outcome.disposedCount == 1, context, sourceLocation: location)
        #expect(xs.subscriptions == [Subscription(200 + subscribeDelay, 300)], context, sourceLocation: location)
    }
}

/// Checks a sequence made by `make`, subscribed at 200 on a `TestScheduler` and disposed twice
/// from another thread (at 202 and 203) while the scheduler waits: the subscriber sees exactly
/// `events`, and `onDisposed` runs once.
func assertDisposal<Element: Equatable>(
    creating name: String, sends events: [Recorded<Event<Element>>], around environment: ConformanceRow.Environment,
    at location: SourceLocation, _ make: @escaping (TestScheduler) -> Observable<Element>
) {
    let scheduler = TestScheduler(initialClock: 0)
    let outcome = runDisposing(
        scheduler, around: environment, source: { make(scheduler) }, disposeAt: [202, 203], fromAnotherThread: true)

    #expect(outcome.events == events, "\(name)", sourceLocation: location)
    #expect(outcome.disposedCount == 1, "\(name)", sourceLocation: location)
}

/// Subscribes at 200 and disposes twice at each time in `disposeAt`, on this thread or on
/// another one while the scheduler waits; returns what the subscriber saw.
private func runDisposing<Element>(
    _ scheduler: TestScheduler, around environment: ConformanceRow.Environment,
    source: @escaping () -> Observable<Element>, disposeAt times: [TestTime], fromAnotherThread: Bool = false
) -> (events: [Recorded<Event<Element>>], disposedCount: Int) {
    let observer = scheduler.createObserver(Element.self)
    let disposals = Counter()
    var subscription: (any Disposable)?
    environment(scheduler) {
        scheduler.scheduleAt(200) {
            subscription = source().subscribe(
                onNext: { observer.onNext($0) }, onError: { observer.onError($0) },
                onCompleted: { observer.onCompleted() }, onDisposed: { disposals.increment() })
        }
        for time in times {
            scheduler.scheduleAt(time) {
                guard let current = subscription else { return }
                if fromAnotherThread {
                    let handle = UncheckedSendable(current)
                    let done = DispatchSemaphore(value: 0)
                    DispatchQueue.global().async {
                        handle.value.dispose()
                        handle.value.dispose()
                        done.signal()
                    }
                    _ = done.wait(timeout: .now() + 5)
                } else {
                    current.dispose()
                    current.dispose()
                }
            }
        }
        scheduler.start()
    }
    subscription = nil
    return (observer.events, disposals.value)
}
