import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

/// The operators every trait shares (`deferred`, `using`, `delay`, `delaySubscription`, `timeout`,
/// `observe(on:)`, `subscribe(on:)`, `catch`, `retry`, `debug`), on `Single`.
final class PrimitiveSequenceOperatorsTests: PrimitiveSequenceTestCase {
    func testDelayShiftsTheSuccessAndTheCompletionBehindIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let (xs, source) = single(scheduler, 2, at: 230)

        let res = scheduler.start { source.delay(.seconds(10), scheduler: scheduler) }

        // As `Observable.delay`: the completion, due with the element, follows a tick later.
        XCTAssertEqual(res.events, [.next(240, 2), .completed(241)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testDelayPassesAFailureAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let (_, source) = failing(scheduler, at: 230)

        let res = scheduler.start { source.delay(.seconds(10), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.error(230, TestError.boom)])
    }

    func testTimeoutFailsWhenTheSuccessComesTooLate() {
        let scheduler = TestScheduler(initialClock: 0)
        let (xs, source) = single(scheduler, 2, at: 230)

        let res = scheduler.start { source.timeout(.seconds(20), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.error(220, RxError.timeout)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testTimeoutPassesASuccessInTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let (_, source) = single(scheduler, 2, at: 230)

        let res = scheduler.start { source.timeout(.seconds(50), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(230, 2), .completed(230)])
        XCTAssertEqual(scheduler.pendingWorkCount, 0, "the timer is cancelled")
    }

    func testTimeoutSwitchesToTheOtherTrait() {
        let scheduler = TestScheduler(initialClock: 0)
        let (xs, source) = single(scheduler, 2, at: 230)

        let res = scheduler.start { source.timeout(.seconds(20), other: Single.just(9), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(220, 9), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testCatchSwitchesToTheHandlersSingle() {
        let scheduler = TestScheduler(initialClock: 0)
        let (xs, source) = failing(scheduler, at: 230)
        let fallback = scheduler.createColdObservable([.next(10, 9), .completed(10)])

        let res = scheduler.start { source.catch { _ in fallback.asSingle() } }

        XCTAssertEqual(res.events, [.next(240, 9), .completed(240)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(fallback.subscriptions, [Subscription(230, 240)])
    }

    func testRetrySubscribesAgainUpToTheCount() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.error(10, TestError.boom, Int.self)])

        let res = scheduler.start { xs.asSingle().retry(3) }

        XCTAssertEqual(res.events, [.error(230, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210), Subscription(210, 220), Subscription(220, 230)])
    }

    func testRetryWhenResubscribesOnTheTrigger() {
        let scheduler = TestScheduler(initialClock: 0)
        var attempts = 0
        let source = Single<Int>.deferred {
            attempts += 1
            return attempts < 3 ? .error(TestError.boom) : .just(attempts)
        }

        let res = scheduler.start {
            source.retry(when: { (errors: Observable<TestError>) in
                errors.flatMap { _ in Observable<Int>.timer(.seconds(10), scheduler: scheduler) }
            })
        }

        XCTAssertEqual(res.events, [.next(220, 3), .completed(220)])
    }

    func testRetryWhenOfAnotherErrorTypeFailsAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start {
            Single<Int>.error(RxError.timeout).retry(when: { (errors: Observable<TestError>) in errors })
        }

        XCTAssertEqual(res.events, [.error(200, RxError.timeout)])
    }

    func testDeferredBuildsASingleForEachSubscriberAndAThrowingFactoryFails() {
        var built = 0
        let single = Single<Int>.deferred {
            built += 1
            if built == 2 { throw TestError.boom }
            return .just(built)
        }
        var log: [String] = []

        for _ in 0..<3 {
            _ = single.subscribe(onSuccess: { log.append("success \($0)") }, onFailure: { log.append("failure \($0)") })
        }

        XCTAssertEqual(log, ["success 1", "failure boom", "success 3"])
    }

    func testUsingDisposesTheResourceWhenTheSingleEnds() {
        var log: [String] = []
        let first = BooleanDisposable()
        let second = BooleanDisposable()

        _ = Single<Int>.using({ first }, primitiveSequenceFactory: { _ in .just(1) })
            .subscribe(onSuccess: { log.append("success \($0)") })
        _ = Single<Int>.using({ second }, primitiveSequenceFactory: { _ in throw TestError.boom })
            .subscribe(onFailure: { log.append("failure \($0)") })

        XCTAssertEqual(log, ["success 1", "failure boom"])
        XCTAssertTrue(first.isDisposed)
        XCTAssertTrue(second.isDisposed)
    }

    func testDelaySubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(10)])

        let res = scheduler.start { xs.asSingle().delaySubscription(.seconds(30), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(240, 1), .completed(240)])
        XCTAssertEqual(xs.subscriptions, [Subscription(230, 240)])
    }

    func testDelaySubscriptionAtTheEndOfTheClockDoesNotTrap() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(10)])

        let res = scheduler.start(disposed: 400) {
            xs.asSingle().delaySubscription(.seconds(Int.max), scheduler: scheduler)
        }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [])
    }

    func testObserveOnAndSubscribeOnMoveTheWork() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(10)])

        let observed = scheduler.start { xs.asSingle().observe(on: scheduler) }
        let other = TestScheduler(initialClock: 0)
        let ys = other.createColdObservable([.next(10, 1), .completed(10)])
        let subscribed = other.start { ys.asSingle().subscribe(on: other) }

        XCTAssertEqual(observed.events, [.next(211, 1), .completed(212)])
        XCTAssertEqual(subscribed.events, [.next(211, 1), .completed(211)])
        XCTAssertEqual(ys.subscriptions, [Subscription(201, 211)])
    }

    func testDebugPassesTheEventOn() {
        let scheduler = TestScheduler(initialClock: 0)
        let (_, source) = single(scheduler, 1, at: 230)

        var res: TestableObserver<Int>?
        let lines = printedDebugLines {
            res = scheduler.start { source.debug("trait") }
        }

        XCTAssertEqual(res?.events, [.next(230, 1), .completed(230)])
        XCTAssertEqual(
            lines, ["trait -> subscribed", "trait -> Event next(1)", "trait -> Event completed", "trait -> isDisposed"])
    }
}
