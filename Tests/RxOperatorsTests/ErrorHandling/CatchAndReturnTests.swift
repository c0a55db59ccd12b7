import RxCore
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

final class CatchAndReturnTests: RxTestCase {
    func testWithMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-1-^-2-3-#-4", error: TestError.boom)

        let res = scheduler.start { xs.catchAndReturn("x") }

        assertMarbles(res, "--2-3-(x|)")
        assertSubscriptions(xs, "^-----!")
    }

    func testASourceThatCompletesIsPassedOnUnchanged() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(230)])

        let res = scheduler.start { xs.catchAndReturn(42) }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(230)])
    }

    func testAnImmediateFailureSendsTheElementAtSubscription() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Int>.error(TestError.boom).catchAndReturn(7) }

        XCTAssertEqual(res.events, [.next(200, 7), .completed(200)])
    }

    func testDisposingBeforeTheErrorSendsNothingMore() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.boom)])

        let res = scheduler.start(disposed: 220) { xs.catchAndReturn(42) }

        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }
}
