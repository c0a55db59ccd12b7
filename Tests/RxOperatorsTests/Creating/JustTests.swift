import RxCore
import RxDisposables
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

@testable import RxOperators

final class JustTests: RxTestCase {
    func testSendsTheElementAndCompletesAtSubscription() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.just(42) }

        XCTAssertEqual(res.events, [.next(200, 42), .completed(200)])
    }

    func testOnASchedulerTheElementAndCompletionAreTwoActions() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.just(42, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(201, 42), .completed(202)])
    }

    func testOnASchedulerDisposingBeforeTheFirstActionSendsNothing() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start(disposed: 200) { Observable.just(42, scheduler: scheduler) }

        XCTAssertEqual(res.events, [])
    }

    func testOnASchedulerDisposingAfterTheElementCancelsCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.createObserver(Int.self)
        let subscription = SingleAssignmentDisposable()
        scheduler.scheduleAt(100) {
            subscription.setDisposable(
                Observable.just(0, scheduler: scheduler).subscribe { event in
                    res.on(event)
                    if case .next = event {
                        subscription.dispose()
                    }
                })
        }

        scheduler.start()

        XCTAssertEqual(res.events, [.next(101, 0)])
    }

    func testSubscribingAgainFromInsideOnNextDeliversTheInnerSequenceFirst() {
        let source = Observable.just(1)
        var log: [String] = []

        _ = source.subscribe(
            onNext: { outer in
                log.append("outer next \(outer)")
                _ = source.subscribe(onNext: { log.append("inner next \($0)") })
            },
            onCompleted: { log.append("outer completed") })

        XCTAssertEqual(log, ["outer next 1", "inner next 1", "outer completed"])
    }

    // MARK: - `just` followed by `map`, as one stage (`JustThenMap`)

    // A `map` right after `just` joins its stage, the transform running at each subscription;
    // these pin that the joined stage behaves exactly like `just` followed by a separate `map`.

    /// `just(element)` as a producer of its own, so that a `map` after it is a separate stage.
    private func separateJust(_ element: Int) -> Observable<Int> {
        Observable.deferred { Observable.just(element) }
    }

    func testAMapAfterJustJoinsItsStage() {
        XCTAssertTrue(Observable.just(1).map { $0 + 1 } is JustThenMap<Int, Int>)
        XCTAssertTrue(Observable.just(1).map { "\($0)" } is JustThenMap<Int, String>)
        XCTAssertTrue(
            Observable.just(1).map { $0 + 1 }.map { $0 * 2 } is Map<Int, Int>, "a second map is a stage of its own")
        XCTAssertTrue(separateJust(1).map { $0 + 1 } is Map<Int, Int>)
    }

    func testTheTransformRunsAtEachSubscriptionNotWhenTheChainIsBuilt() {
        var calls = 0
        let mapped = Observable.just(20).map { value -> Int in
            calls += 1
            return value + calls
        }
        XCTAssertEqual(calls, 0)

        var first: [Event<Int>] = []
        var second: [Event<Int>] = []
        _ = mapped.subscribe { first.append($0) }
        _ = mapped.subscribe { second.append($0) }

        XCTAssertEqual(calls, 2)
        XCTAssertEqual(first, [.next(21), .completed])
        XCTAssertEqual(second, [.next(22), .completed])
    }

    func testAThrowingTransformSendsItsErrorAndNoCompletion() {
        var joined: [Event<Int>] = []
        var separate: [Event<Int>] = []
        let transform: (Int) throws -> Int = { _ in throw TestError.boom }

        _ = Observable.just(1).map(transform).subscribe { joined.append($0) }
        _ = separateJust(1).map(transform).subscribe { separate.append($0) }

        XCTAssertEqual(joined, [.error(TestError.boom)])
        XCTAssertEqual(joined, separate)
    }

    func testOnVirtualTimeTheJoinedStageSendsAtSubscription() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.just(4).map { $0 * 10 } }

        XCTAssertEqual(res.events, [.next(200, 40), .completed(200)])
    }

    /// Work the observer schedules on the current thread runs after the subscription, as after
    /// a separate `map` stage, which starts a trampoline.
    func testWorkScheduledOnTheCurrentThreadFromTheObserverRunsAfterTheSubscription() {
        func log(of source: Observable<Int>) -> [String] {
            var log: [String] = []
            _ = source.subscribe(
                onNext: { value in
                    log.append("next \(value)")
                    _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                        log.append("scheduled")
                        return Disposables.create()
                    }
                },
                onCompleted: { log.append("completed") })
            log.append("subscribed")
            return log
        }

        let joined = log(of: Observable.just(1).map { $0 + 1 })
        let separate = log(of: separateJust(1).map { $0 + 1 })

        XCTAssertEqual(joined, ["next 2", "completed", "scheduled", "subscribed"])
        XCTAssertEqual(joined, separate)
    }

    func testTheTransformAndElementAreReleasedWithTheChain() {
        weak var weakElement: Tracked?
        weak var weakCaptured: Tracked?
        do {
            let element = Tracked()
            let captured = Tracked()
            weakElement = element
            weakCaptured = captured
            let mapped = Observable.just(element).map { _ in captured }
            var received = 0
            _ = mapped.subscribe(onNext: { _ in received += 1 })
            XCTAssertEqual(received, 1)
        }
        XCTAssertNil(weakElement)
        XCTAssertNil(weakCaptured)
    }
}

private final class Tracked {
}
