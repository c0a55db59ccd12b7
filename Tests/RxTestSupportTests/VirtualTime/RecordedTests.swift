import Foundation
import RxCore
import RxTestHelpers
import RxTestSupport
import XCTest

final class RecordedTests: RxTestCase {
    private enum OtherError: Error, CustomStringConvertible {
        case boom
        var description: String { "boom" }
    }

    func testFactoriesAndDescriptions() {
        let events = Recorded.events(.next(210, 1), .error(220, TestError.boom), .completed(230))
        XCTAssertEqual(events.map(\.debugDescription), ["next(1) @ 210", "error(boom) @ 220", "completed @ 230"])
        XCTAssertEqual(Recorded.events([.next(1, "a")]), [Recorded(time: 1, value: Event.next("a"))])
    }

    func testEventsCompareAsInRxTest() {
        XCTAssertEqual(Event.next(1), Event.next(1))
        XCTAssertNotEqual(Event.next(1), Event.next(2))
        XCTAssertEqual(Event<Int>.completed, Event<Int>.completed)
        XCTAssertNotEqual(Event<Int>.completed, Event<Int>.next(1))
        XCTAssertEqual(Event<Int>.error(TestError.boom), Event<Int>.error(TestError.boom))
        XCTAssertNotEqual(Event<Int>.error(TestError.boom), Event<Int>.error(TestError.other))
        // Same description, different type: a different NSError domain.
        XCTAssertNotEqual(Event<Int>.error(TestError.boom), Event<Int>.error(OtherError.boom))
        XCTAssertEqual(
            Event<Int>.error(NSError(domain: "d", code: 1)), Event<Int>.error(NSError(domain: "d", code: 1)))
        XCTAssertNotEqual(
            Event<Int>.error(NSError(domain: "d", code: 1)), Event<Int>.error(NSError(domain: "d", code: 2)))
        XCTAssertEqual(Event<Int?>.next(nil), Event<Int?>.next(nil))
    }

    func testRecordedComparesTimeAndValue() {
        XCTAssertEqual(Recorded.next(210, 1), Recorded.next(210, 1))
        XCTAssertNotEqual(Recorded.next(210, 1), Recorded.next(211, 1))
        XCTAssertNotEqual(Recorded.next(210, 1), Recorded.next(210, 2))
    }

    func testSubscriptions() {
        XCTAssertEqual(Subscription(200).unsubscribe, Int.max)
        XCTAssertEqual(Subscription(200), Subscription(200, .max))
        XCTAssertEqual(Subscription(200).debugDescription, "(200 : Infinity)")
        XCTAssertEqual(Subscription(200, 1000).debugDescription, "(200 : 1000)")
        XCTAssertEqual(Set([Subscription(1, 2), Subscription(1, 2), Subscription(2, 1)]).count, 2)
    }
}
