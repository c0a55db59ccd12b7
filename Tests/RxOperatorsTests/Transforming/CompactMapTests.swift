import RxCore
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

final class CompactMapTests: RxTestCase {
    func testPassesOnTheNonNilResults() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, "0"), .next(210, "1"), .next(220, "x"), .next(230, "3"), .completed(300),
        ])

        let res = scheduler.start { xs.compactMap { Int($0) } }

        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 3), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testErrorPasses() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, "1"), .error(250, TestError.boom)])

        let res = scheduler.start { xs.compactMap { Int($0) } }

        XCTAssertEqual(res.events, [.next(210, 1), .error(250, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testAThrowingTransformSendsTheErrorAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])

        let res = scheduler.start {
            xs.compactMap { value -> Int? in
                if value == 2 { throw TestError.boom }
                return value.isMultiple(of: 2) ? value : nil
            }
        }

        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testDisposingMidStream() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(290, 4), .completed(300)])

        let res = scheduler.start(disposed: 250) { xs.compactMap { $0.isMultiple(of: 2) ? $0 : nil } }

        XCTAssertEqual(res.events, [.next(220, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }
}
