import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

final class ElementAtTests: RxTestCase {
    func testSendsTheElementAtTheIndexThenCompletesAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .completed(300),
        ])

        let res = scheduler.start { xs.element(at: 1) }

        XCTAssertEqual(res.events, [.next(220, 2), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testWithMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a-^-b-c-d-|")

        let res = scheduler.start { xs.element(at: 0) }

        assertMarbles(res, "--(b|)")
    }

    func testASourceEndingBeforeTheIndexFailsWithArgumentOutOfRange() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])

        let res = scheduler.start { xs.element(at: 2) }

        XCTAssertEqual(res.events, [.error(300, RxError.argumentOutOfRange)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testAnErrorBeforeTheIndexPassesAndDisposingMidStreamUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let failing = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])
        let failed = scheduler.start { failing.element(at: 3) }

        let other = TestScheduler(initialClock: 0)
        let running = other.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
        let disposed = other.start(disposed: 220) { running.element(at: 1) }

        XCTAssertEqual(failed.events, [.error(220, TestError.boom)])
        XCTAssertEqual(disposed.events, [])
        XCTAssertEqual(running.subscriptions, [Subscription(200, 220)])
    }
}
