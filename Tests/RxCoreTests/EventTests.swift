import RxCore
import RxTestSupport
import XCTest

final class EventTests: RxTestCase {
    func testAccessorsOfNext() {
        let event = Event<Int>.next(7)
        XCTAssertEqual(event.element, 7)
        XCTAssertNil(event.error)
        XCTAssertFalse(event.isStopEvent)
        XCTAssertFalse(event.isCompleted)
    }

    func testAccessorsOfError() {
        let event = Event<Int>.error(NumberedError(id: 1))
        XCTAssertNil(event.element)
        XCTAssertEqual(event.error as? NumberedError, NumberedError(id: 1))
        XCTAssertTrue(event.isStopEvent)
        XCTAssertFalse(event.isCompleted)
    }

    func testAccessorsOfCompleted() {
        let event = Event<Int>.completed
        XCTAssertNil(event.element)
        XCTAssertNil(event.error)
        XCTAssertTrue(event.isStopEvent)
        XCTAssertTrue(event.isCompleted)
    }

    func testMapTransformsTheElement() {
        XCTAssertEqual(Event<Int>.next(2).map { "\($0 * 10)" }.element, "20")
    }

    func testMapTurnsAThrownErrorIntoAnErrorEvent() {
        let mapped = Event<Int>.next(2).map { _ -> String in throw NumberedError(id: 3) }
        XCTAssertEqual(mapped.error as? NumberedError, NumberedError(id: 3))
    }

    func testMapPassesTerminalEventsWithoutCallingTheTransform() {
        var calls = 0
        let failed = Event<Int>.error(NumberedError(id: 4)).map { value -> Int in
            calls += 1
            return value
        }
        let completed = Event<Int>.completed.map { value -> Int in
            calls += 1
            return value
        }

        XCTAssertEqual(failed.error as? NumberedError, NumberedError(id: 4))
        XCTAssertTrue(completed.isCompleted)
        XCTAssertEqual(calls, 0)
    }

    func testDescriptionReadsLikeRxSwift() {
        XCTAssertEqual(Event<Int>.next(1).description, "next(1)")
        XCTAssertEqual(Event<String>.next("a").description, "next(a)")
        XCTAssertEqual(Event<Int>.error(NumberedError(id: 5)).description, "error(NumberedError(5))")
        XCTAssertEqual(Event<Int>.completed.description, "completed")
    }

    func testPrintedAndReflectedFormsMatchTheDescription() {
        let events: [Event<Int>] = [.next(1), .error(NumberedError(id: 2)), .completed]
        XCTAssertEqual(events.map { String(describing: $0) }, ["next(1)", "error(NumberedError(2))", "completed"])
        XCTAssertEqual(events.map { String(reflecting: $0) }, ["next(1)", "error(NumberedError(2))", "completed"])
        XCTAssertEqual(events.map(\.debugDescription), ["next(1)", "error(NumberedError(2))", "completed"])
    }
}
