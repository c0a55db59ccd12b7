import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

final class IgnoreElementsTests: RxTestCase {
    func testPassesOnlyTheTerminalEvent() {
        let scheduler = TestScheduler(initialClock: 0)
        let completing = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let completed = scheduler.start { completing.ignoreElements() }

        let other = TestScheduler(initialClock: 0)
        let failing = other.createHotObservable([.next(210, 1), .error(250, TestError.boom)])
        let failed = other.start { failing.ignoreElements() }

        XCTAssertEqual(completed.events, [.completed(300)])
        XCTAssertEqual(completing.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(failed.events, [.error(250, TestError.boom)])
    }

    func testWithMarblesAndDisposal() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a-^-b-c-d-|")
        let res = scheduler.start { xs.ignoreElements() }
        assertMarbles(res, "--------|")

        let other = TestScheduler(initialClock: 0)
        let running = other.createHotObservable([.next(210, 1), .completed(300)])
        let disposed = other.start(disposed: 250) { running.ignoreElements() }
        XCTAssertEqual(disposed.events, [])
        XCTAssertEqual(running.subscriptions, [Subscription(200, 250)])
    }
}
