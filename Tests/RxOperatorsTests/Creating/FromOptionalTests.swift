import RxCore
import RxOperators
import RxTestSupport
import XCTest

final class FromOptionalTests: RxTestCase {
    func testAValueIsSentThenCompletion() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.from(optional: 5 as Int?) }

        XCTAssertEqual(res.events, [.next(200, 5), .completed(200)])
    }

    func testNilOnlyCompletes() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.from(optional: nil as Int?) }

        XCTAssertEqual(res.events, [.completed(200)])
    }

    func testOnASchedulerTheValueAndCompletionAreTwoActions() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.from(optional: 5 as Int?, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(201, 5), .completed(202)])
    }

    func testOnASchedulerNilCompletesInTheFirstAction() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.from(optional: nil as Int?, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.completed(201)])
    }

    func testOnASchedulerDisposingBeforeTheFirstActionSendsNothing() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start(disposed: 200) { Observable.from(optional: 5 as Int?, scheduler: scheduler) }

        XCTAssertEqual(res.events, [])
    }
}
