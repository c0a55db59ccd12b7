import RxCore
import RxDisposables
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

@testable import RxOperators

/// A `map` right after `just` joins its stage, the transform running at each subscription;
/// these pin that the joined stage behaves exactly like `just` followed by a separate `map`.
final class JustThenMapTests: RxTestCase {
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

private final class Tracked {}
