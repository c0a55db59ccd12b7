import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

final class EnumeratedTests: RxTestCase {
    func testPairsEachElementWithItsIndexFromZero() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, "z"), .next(210, "a"), .next(220, "b"), .next(230, "c"), .completed(300),
        ])

        let res = scheduler.start { xs.enumerated().map { "\($0.index)\($0.element)" } }

        XCTAssertEqual(res.events, [.next(210, "0a"), .next(220, "1b"), .next(230, "2c"), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testEachSubscriptionCountsFromZeroAndErrorsPass() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, "a"), .next(20, "b"), .error(30, TestError.boom)])
        let indexed = xs.enumerated().map { $0.index }
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(200) { _ = indexed.subscribe(first) }
        scheduler.scheduleAt(205) { _ = indexed.subscribe(second) }
        scheduler.start()

        XCTAssertEqual(first.events, [.next(210, 0), .next(220, 1), .error(230, TestError.boom)])
        XCTAssertEqual(second.events, [.next(215, 0), .next(225, 1), .error(235, TestError.boom)])
    }

    func testDisposingMidStream() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])

        let res = scheduler.start(disposed: 215) { xs.enumerated().map { $0.index } }

        XCTAssertEqual(res.events, [.next(210, 0)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 215)])
    }
}
