import RxCore
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

final class TakeWhileTests: RxTestCase {
    private func source(_ scheduler: TestScheduler) -> TestableObservable<Int> {
        scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 10), .next(240, 4), .completed(300),
        ])
    }

    func testCompletesAtTheFirstRejectedElementWithoutIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)

        let res = scheduler.start { xs.take(while: { $0 < 5 }) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testInclusivePassesTheRejectedElementBeforeCompleting() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)

        let res = scheduler.start { xs.take(while: { $0 < 5 }, behavior: .inclusive) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3), .next(230, 10), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testExclusiveIsTheDefault() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)

        let res = scheduler.start { xs.take(while: { $0 < 5 }, behavior: .exclusive) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3), .completed(230)])
    }

    func testASourceThatNeverFailsThePredicateCompletesWhenItDoes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)

        let res = scheduler.start { xs.take(while: { _ in true }) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3), .next(230, 10), .next(240, 4), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testErrorPasses() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(250, TestError.boom)])

        let res = scheduler.start { xs.take(while: { _ in true }) }

        XCTAssertEqual(res.events, [.next(210, 1), .error(250, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testDisposingMidStream() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)

        let res = scheduler.start(disposed: 215) { xs.take(while: { $0 < 5 }) }

        XCTAssertEqual(res.events, [.next(210, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 215)])
    }

    func testAThrowingPredicateSendsTheErrorAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)

        let res = scheduler.start {
            xs.take(while: { value in
                if value == 3 { throw TestError.boom }
                return true
            })
        }

        XCTAssertEqual(res.events, [.next(210, 2), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }
}
