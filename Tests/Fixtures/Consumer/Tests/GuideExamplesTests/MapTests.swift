import RxOperators  // map: RxTestSupport does not bring the operators
import RxTestSupport
import XCTest

final class MapTests: RxTestCase {
    func testMapWithRecordedEvents() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(240, 3), .completed(300),
        ])

        let res = scheduler.start { xs.map { $0 * 10 } }

        XCTAssertEqual(res.events, [.next(210, 20), .next(240, 30), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testMapWithMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a-^-b--c-----|", values: ["a": 1, "b": 2, "c": 3])

        let res = scheduler.start { xs.map { $0 * 10 } }

        assertMarbles(res, "   --B--C-----|", values: ["B": 20, "C": 30])
        assertSubscriptions(xs, "   ^----------!")
    }
}
