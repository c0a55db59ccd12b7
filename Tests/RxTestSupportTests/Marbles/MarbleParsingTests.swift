import RxCore
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

final class MarbleParsingTests: RxTestCase {
    private let values: [Character: Int] = ["a": 1, "b": 2, "c": 3, "1": 10, "f": 6]

    /// Each diagram and the recorded events it means, with frame zero at 200 and 10 ticks per
    /// frame (one tick is one second).
    func testDiagramTable() throws {
        let table: [(diagram: String, events: [Recorded<Event<Int>>], line: UInt)] = [
            ("", [], #line),
            ("---", [], #line),
            ("a", [.next(200, 1)], #line),
            ("--a--b--|", [.next(220, 1), .next(250, 2), .completed(280)], #line),
            ("-a-b-#", [.next(210, 1), .next(230, 2), .error(250, TestError.boom)], #line),
            ("  -  a  ", [.next(210, 1)], #line),
            ("(ab)", [.next(200, 1), .next(200, 2)], #line),
            ("-(ab)-c", [.next(210, 1), .next(210, 2), .next(230, 3)], #line),
            ("-(a|)", [.next(210, 1), .completed(210)], #line),
            ("(#)", [.error(200, TestError.boom)], #line),
            ("--|-a", [.completed(220), .next(240, 1)], #line),
            ("-a-^-b-|", [.next(180, 1), .next(220, 2), .completed(240)], #line),
            ("^a", [.next(210, 1)], #line),
            ("(^a)-b", [.next(200, 1), .next(220, 2)], #line),
            ("a 5f b", [.next(200, 1), .next(260, 2)], #line),
            ("a 3t b", [.next(200, 1), .next(213, 2)], #line),
            ("a 0t b", [.next(200, 1), .next(210, 2)], #line),
            ("5f a", [.next(250, 1)], #line),
            ("a 1.5f b", [.next(200, 1), .next(225, 2)], #line),
            ("a 2s b", [.next(200, 1), .next(212, 2)], #line),
            ("a 2s  3t b", [.next(200, 1), .next(215, 2)], #line),
            ("-1-f", [.next(210, 10), .next(230, 6)], #line),
            ("1 f", [.next(200, 10), .next(210, 6)], #line),
        ]
        let scheduler = TestScheduler(initialClock: 0)
        for entry in table {
            let events = try scheduler.marbleEvents(entry.diagram, values: values, error: TestError.boom)
            XCTAssertEqual(events, entry.events, "diagram \"\(entry.diagram)\"", line: entry.line)
        }
    }

    func testStringElementsStandForThemselves() throws {
        let scheduler = TestScheduler(initialClock: 0)
        XCTAssertEqual(try scheduler.marbleEvents("-a-(b|)"), [.next(210, "a"), .next(230, "b"), .completed(230)])
        let characters: [Recorded<Event<Character>>] = try scheduler.marbleEvents("-x")
        XCTAssertEqual(characters, [.next(210, "x")])
        XCTAssertEqual(
            try scheduler.marbleEvents("ab", values: ["a": "apple"]), [.next(200, "apple"), .next(210, "b")])
    }

    func testDigitsStandForThemselvesForIntegerElements() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let ints: [Recorded<Event<Int>>] = try scheduler.marbleEvents("-1-(2|)")
        XCTAssertEqual(ints, [.next(210, 1), .next(230, 2), .completed(230)])
        let bytes: [Recorded<Event<UInt8>>] = try scheduler.marbleEvents("0-9")
        XCTAssertEqual(bytes, [.next(200, 0), .next(220, 9)])
        let cold: TestableObservable<Int> = try scheduler.createColdObservable("-1-2|")
        XCTAssertEqual(cold.recordedEvents, [.next(10, 1), .next(30, 2), .completed(40)])
        let hot: TestableObservable<Int64> = try scheduler.createHotObservable("-3-^-4|")
        XCTAssertEqual(hot.recordedEvents, [.next(180, 3), .next(220, 4), .completed(230)])
    }

    func testAnExplicitValueWinsOverTheDigitsOwnValue() throws {
        let scheduler = TestScheduler(initialClock: 0)
        XCTAssertEqual(
            try scheduler.marbleEvents("12a", values: ["1": 100, "a": 7]),
            [.next(200, 100), .next(210, 2), .next(220, 7)])
    }

    func testFrameLengthAndZeroAreConfigurable() throws {
        let scheduler = TestScheduler(initialClock: 0, ticksPerFrame: 1)
        XCTAssertEqual(try scheduler.marbleEvents("--a", values: values), [.next(202, 1)])
        XCTAssertEqual(try scheduler.marbleEvents("--a", values: values, subscribed: 300), [.next(302, 1)])
        XCTAssertEqual(try scheduler.marbleEvents("a 4f b", values: values), [.next(200, 1), .next(205, 2)])
    }

    func testMillisecondsFollowTheResolution() throws {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        XCTAssertEqual(try scheduler.marbleEvents("a 100ms b", values: values), [.next(200, 1), .next(310, 2)])
        XCTAssertEqual(try scheduler.marbleEvents("a 1s b", values: values), [.next(200, 1), .next(1210, 2)])
    }

    func testHotDiagramSendsAtAbsoluteTimes() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a-^-b-|", values: values)
        XCTAssertEqual(xs.recordedEvents, [.next(180, 1), .next(220, 2), .completed(240)])
        let later = try scheduler.createHotObservable("^-b", values: values, subscribed: 500)
        XCTAssertEqual(later.recordedEvents, [.next(520, 2)])
    }

    func testColdDiagramHoldsOffsets() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createColdObservable("--a-(b|)", values: values)
        XCTAssertEqual(xs.recordedEvents, [.next(20, 1), .next(40, 2), .completed(40)])
        let strings = try scheduler.createColdObservable("-x-#", error: TestError.boom)
        XCTAssertEqual(strings.recordedEvents, [.next(10, "x"), .error(30, TestError.boom)])
    }

    func testSubscriptionDiagrams() throws {
        let scheduler = TestScheduler(initialClock: 0)
        XCTAssertEqual(try scheduler.marbleSubscriptions("^--!"), [Subscription(200, 230)])
        XCTAssertEqual(try scheduler.marbleSubscriptions("--^"), [Subscription(220)])
        XCTAssertEqual(try scheduler.marbleSubscriptions("(^!)"), [Subscription(200, 200)])
        XCTAssertEqual(try scheduler.marbleSubscriptions("^ 79f !"), [Subscription(200, 1000)])
        XCTAssertEqual(
            try scheduler.marbleSubscriptions("^-!", "  -^-!", subscribed: 0),
            [Subscription(0, 20), Subscription(10, 30)])
    }
}
