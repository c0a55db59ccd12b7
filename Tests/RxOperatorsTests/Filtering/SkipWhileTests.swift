import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

final class SkipWhileTests: RxTestCase {
    func testDropsWhileThePredicateHoldsThenPassesEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 9), .next(210, 1), .next(220, 2), .next(230, 5), .next(240, 1), .completed(300),
        ])
        var asked: [Int] = []

        let res = scheduler.start {
            xs.skip(while: { value in
                asked.append(value)
                return value < 3
            })
        }

        XCTAssertEqual(res.events, [.next(230, 5), .next(240, 1), .completed(300)])
        XCTAssertEqual(asked, [1, 2, 5], "not asked again once it failed")
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testWithMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a-^-a-a-b-a-|")

        let res = scheduler.start { xs.skip(while: { $0 == "a" }) }

        assertMarbles(res, "------b-a-|")
    }

    func testAThrowingPredicateSendsTheErrorAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])

        let res = scheduler.start {
            xs.skip(while: { value in
                if value == 2 { throw TestError.boom }
                return true
            })
        }

        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testAnErrorFromTheSourcePassesAndDisposingMidStreamUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let failing = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])
        let failed = scheduler.start { failing.skip(while: { $0 < 0 }) }

        let other = TestScheduler(initialClock: 0)
        let running = other.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
        let disposed = other.start(disposed: 220) { running.skip(while: { $0 < 0 }) }

        XCTAssertEqual(failed.events, [.next(210, 1), .error(220, TestError.boom)])
        XCTAssertEqual(disposed.events, [.next(210, 1)])
        XCTAssertEqual(running.subscriptions, [Subscription(200, 220)])
    }
}
