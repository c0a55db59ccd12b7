import Observation
import RxCore
import RxObservation
import RxOperators
import RxTestSupport
import XCTest

/// `Infallible.observations`: the same rule, for an expression that cannot fail.
final class InfallibleObservationsTests: RxTestCase {
    func testTheCurrentValueThenOneElementPerTransaction() {
        let scheduler = TestScheduler(initialClock: 0)
        let model = Pair()
        scheduler.scheduleAt(300) {
            model.a = 1
            model.b = 2
        }

        let res = scheduler.start { Infallible.observations(scheduler: scheduler) { model.a + model.b }.asObservable() }

        XCTAssertEqual(res.events, [.next(201, 0), .next(301, 3)])
    }

    func testItCompletesWhenTheModelItCapturesWeaklyIsGone() {
        let scheduler = TestScheduler(initialClock: 0)
        var model: Pair? = Pair()
        let observations = Infallible.observations(scheduler: scheduler) { [weak model] in model?.a }
        scheduler.scheduleAt(300) { model = nil }

        let res = scheduler.start { observations.asObservable() }

        XCTAssertEqual(res.events, [.next(201, 0), .completed(301)])
    }
}
