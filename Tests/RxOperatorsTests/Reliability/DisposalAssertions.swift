import Dispatch
import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

// Disposal at every awkward moment, one operator at a time: each operator's own test file calls
// one of these in one test, so that adding an operator adds its disposal checks where its other
// tests are, and `scripts/check-operators` can tell an operator that has none. The cases and
// their expected events are the ones every operator is held to (CONTRIBUTING.md, rule 3).

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
    passingThrough name: String, deliveredLateBy delay: TestTime = 0, subscribedLateBy subscribeDelay: TestTime = 0,
    unsubscribedLateBy unsubscribeDelay: TestTime = 0, file: StaticString = #filePath, line: UInt = #line,
    _ apply: @escaping (Observable<Int>, TestScheduler) -> Observable<Int>
) {
    for fromAnotherThread in [false, true] {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        let outcome = runDisposing(
            scheduler, source: { apply(xs.asObservable(), scheduler) }, disposeAt: [215, 216],
            fromAnotherThread: fromAnotherThread)
        let context = "\(name) disposed twice mid-stream, from another thread: \(fromAnotherThread)"

        XCTAssertEqual(outcome.events, [.next(210 + delay, 1)], context, file: file, line: line)
        XCTAssertEqual(outcome.disposedCount, 1, context, file: file, line: line)
        XCTAssertEqual(
            xs.subscriptions, [Subscription(200 + subscribeDelay, 215 + unsubscribeDelay)], context, file: file,
            line: line)
    }

    do {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let outcome = runDisposing(scheduler, source: { apply(xs.asObservable(), scheduler) }, disposeAt: [200])
        let context = "\(name) disposed before its first event"

        XCTAssertEqual(outcome.events, [], context, file: file, line: line)
        XCTAssertEqual(outcome.disposedCount, 1, context, file: file, line: line)
        // An operator that subscribes late and is disposed first never subscribes.
        let expected = subscribeDelay > 0 ? [] : [Subscription(200, 200)]
        XCTAssertEqual(xs.subscriptions, expected, context, file: file, line: line)
    }

    do {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let outcome = runDisposing(scheduler, source: { apply(xs.asObservable(), scheduler) }, disposeAt: [400, 500])
        let context = "\(name) disposed twice after it completed"

        XCTAssertEqual(
            outcome.events, [.next(210 + delay, 1), .completed(300 + delay)], context, file: file, line: line)
        XCTAssertEqual(outcome.disposedCount, 1, context, file: file, line: line)
        XCTAssertEqual(xs.subscriptions, [Subscription(200 + subscribeDelay, 300)], context, file: file, line: line)
    }
}

/// Checks a sequence made by `make` (a creation operator, an operator over sources that fail or
/// never end, or one that does not pass elements through as they come), subscribed at 200 on a
/// `TestScheduler` and disposed twice from another thread (at 202 and 203) while the scheduler
/// waits: the subscriber sees exactly `events`, and `onDisposed` runs once.
func assertDisposal(
    creating name: String, sends events: [Recorded<Event<Int>>], file: StaticString = #filePath,
    line: UInt = #line, _ make: @escaping (TestScheduler) -> Observable<Int>
) {
    assertDisposalOfCreated(name, sends: events, file: file, line: line, make)
}

/// `assertDisposal(creating:sends:)` for a sequence of another element type (`Never` for
/// `ignoreElements()`, a trait's); the `Int` form above lets the common calls leave it out.
func assertDisposal<Element: Equatable>(
    creating name: String, of _: Element.Type, sends events: [Recorded<Event<Element>>],
    file: StaticString = #filePath, line: UInt = #line, _ make: @escaping (TestScheduler) -> Observable<Element>
) {
    assertDisposalOfCreated(name, sends: events, file: file, line: line, make)
}

private func assertDisposalOfCreated<Element: Equatable>(
    _ name: String, sends events: [Recorded<Event<Element>>], file: StaticString, line: UInt,
    _ make: @escaping (TestScheduler) -> Observable<Element>
) {
    let scheduler = TestScheduler(initialClock: 0)
    let outcome = runDisposing(
        scheduler, source: { make(scheduler) }, disposeAt: [202, 203], fromAnotherThread: true)

    XCTAssertEqual(outcome.events, events, name, file: file, line: line)
    XCTAssertEqual(outcome.disposedCount, 1, name, file: file, line: line)
}

/// Subscribes at 200 and disposes twice at each time in `disposeAt`, on this thread or on
/// another one while the scheduler waits; returns what the subscriber saw.
private func runDisposing<Element>(
    _ scheduler: TestScheduler, source: @escaping () -> Observable<Element>, disposeAt times: [TestTime],
    fromAnotherThread: Bool = false
) -> (events: [Recorded<Event<Element>>], disposedCount: Int) {
    let observer = scheduler.createObserver(Element.self)
    let disposals = Counter()
    var subscription: (any Disposable)?
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
    subscription = nil
    return (observer.events, disposals.value)
}
