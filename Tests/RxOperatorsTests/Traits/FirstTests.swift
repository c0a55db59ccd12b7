import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

/// `first()`: the first element of an observable as a `Maybe`.
final class FirstTests: RxTestCase {
    // MARK: first

    func testFirstSendsTheFirstElementAtOnceAndDisposesTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])

        let res = scheduler.start { xs.first() }

        XCTAssertEqual(res.events, [.next(210, Optional(1)), .completed(210)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
    }

    func testFirstOfAnEmptySourceSucceedsWithNil() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(250, Int.self)])

        let res = scheduler.start { xs.first() }

        XCTAssertEqual(res.events, [.next(250, nil), .completed(250)])
    }

    func testFirstPassesTheSourceErrorAndStopsWhenDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let failing = scheduler.createHotObservable([.error(230, TestError.boom, Int.self)])
        let other = TestScheduler(initialClock: 0)
        let silent = other.createHotObservable([.next(300, 1)])

        let failed = scheduler.start { failing.first() }
        let disposed = other.start(disposed: 250) { silent.first() }

        XCTAssertEqual(failed.events, [.error(230, TestError.boom)])
        XCTAssertEqual(disposed.events, [])
        XCTAssertEqual(silent.subscriptions, [Subscription(200, 250)])
    }
}
