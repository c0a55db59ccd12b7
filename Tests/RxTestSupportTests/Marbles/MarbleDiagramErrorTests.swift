import RxCore
import RxSchedulers
import RxTestSupport
import XCTest

final class MarbleDiagramErrorTests: RxTestCase {
    private let values: [Character: Int] = ["a": 1, "b": 2]

    /// Each malformed event diagram, the column at fault and the reason.
    func testMalformedEventDiagrams() {
        let table: [(diagram: String, column: Int, reason: String, line: UInt)] = [
            ("-(a", 1, "'(' is never closed", #line),
            ("a)", 1, "')' closes no group", #line),
            ("((a))", 1, "groups cannot be nested", #line),
            ("-()", 1, "an empty group", #line),
            ("(a-b)", 2, "'-' inside a group; a group is one frame", #line),
            ("(a 5f b)", 3, "a time progression inside a group; a group is one frame", #line),
            ("--a--|--#", 8, "a second terminal event; a sequence ends once", #line),
            ("(|#)", 2, "a second terminal event; a sequence ends once", #line),
            ("-x-", 1, "no entry for 'x' in `values`", #line),
            // `5fb` is no progression: a progression ends the diagram or precedes a space. So `5`
            // is a value, which an integer element needs no entry for, and `f` is one too.
            ("a 5fb", 3, "no entry for 'f' in `values`", #line),
            ("^-^", 2, "a second '^'", #line),
            ("-!", 1, "'!' belongs in subscription diagrams", #line),
            ("-*-", 1, "unexpected character '*'", #line),
            ("a 1.25f b", 2, "'1.25f' is 12.5 ticks, not a whole number (a frame is 10 ticks)", #line),
            (
                "a 100ms b", 2,
                "'100ms' is 0.1 ticks, not a whole number (a tick is 1.0 s; give the scheduler a finer resolution or use f or t)",
                #line
            ),
            ("-#", 1, "'#' needs the `error:` argument", #line),
        ]
        let scheduler = TestScheduler(initialClock: 0)
        for entry in table {
            XCTAssertThrowsError(try scheduler.marbleEvents(entry.diagram, values: values), line: entry.line) { error in
                XCTAssertEqual(
                    error as? MarbleDiagramError,
                    MarbleDiagramError(diagram: entry.diagram, column: entry.column, reason: entry.reason),
                    line: entry.line)
            }
        }
    }

    func testElementsOtherThanStringsNeedValues() {
        let scheduler = TestScheduler(initialClock: 0)
        let reason =
            "needs an entry in `values` (only String and Character elements, and digits of integer elements,"
            + " may omit it)"
        XCTAssertThrowsError(try scheduler.marbleEvents("-a", values: [Character: Int]())) { error in
            XCTAssertEqual((error as? MarbleDiagramError)?.reason, "'a' \(reason)")
        }
        XCTAssertThrowsError(try scheduler.marbleEvents("-1", values: [Character: Double]())) { error in
            XCTAssertEqual((error as? MarbleDiagramError)?.reason, "'1' \(reason)", "a digit is no Double")
        }
        XCTAssertThrowsError(try scheduler.marbleEvents("-٣", values: [Character: Int]())) { error in
            XCTAssertEqual((error as? MarbleDiagramError)?.reason, "'٣' \(reason)", "only ASCII digits are numbers")
        }
    }

    func testColdDiagramsHaveNoSubscriptionPoint() {
        let scheduler = TestScheduler(initialClock: 0)
        XCTAssertThrowsError(try scheduler.createColdObservable("-^-a", values: values)) { error in
            XCTAssertEqual(
                error as? MarbleDiagramError,
                MarbleDiagramError(
                    diagram: "-^-a", column: 1,
                    reason: "'^' in a cold diagram; a cold observable starts at each subscription, so it has no '^'"))
        }
    }

    func testMalformedSubscriptionDiagrams() {
        let table: [(diagram: String, column: Int, reason: String, line: UInt)] = [
            ("--", 2, "no '^'; a subscription diagram needs one", #line),
            ("!^", 0, "'!' before '^'", #line),
            ("^!!", 2, "a second '!'; a subscription diagram shows one subscription", #line),
            ("^a", 1, "unexpected 'a' in a subscription diagram; it holds only '^' and '!'", #line),
            ("^-(!", 2, "'(' is never closed", #line),
        ]
        let scheduler = TestScheduler(initialClock: 0)
        for entry in table {
            XCTAssertThrowsError(try scheduler.marbleSubscriptions(entry.diagram), line: entry.line) { error in
                XCTAssertEqual(
                    error as? MarbleDiagramError,
                    MarbleDiagramError(diagram: entry.diagram, column: entry.column, reason: entry.reason),
                    line: entry.line)
            }
        }
    }

    func testDescriptionShowsTheDiagramWithACaret() {
        let error = MarbleDiagramError(
            diagram: "--a--|--#", column: 8, reason: "a second terminal event; a sequence ends once")
        XCTAssertEqual(
            error.description,
            """
            malformed marble diagram: a second terminal event; a sequence ends once
            --a--|--#
                    ^
            """)
    }
}
