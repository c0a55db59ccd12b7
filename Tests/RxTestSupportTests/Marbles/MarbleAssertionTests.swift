import RxCore
import RxSchedulers
import RxTestHelpers
import XCTest

@testable import RxTestSupport

final class MarbleAssertionTests: RxTestCase {
    private let values: [Character: Int] = ["a": 1, "b": 2, "c": 3, "d": 4]

    func testMatchingEventsPass() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a-^-b--c-|", values: values)
        let res = scheduler.start { xs }
        let failures = capturedFailures {
            assertMarbles(res, "   --b--c-|", values: values)
            assertMarbles(res, "   ^-b--c-|", values: values)
            assertSubscriptions(xs, "   ^------!")
        }
        XCTAssertEqual(failures, [])
    }

    func testDifferentValueShowsBothDiagramsWithACaret() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("---^-b--c-|", values: values)
        let res = scheduler.start { xs }
        XCTAssertEqual(
            scheduler.marbleMismatch(res.events, "--b--d-|", values: values),
            """
            recorded events differ from the marble diagram at 250 (frame 5):
            expected: --b--d-|
            recorded: --b--c-|
                           ^
            first difference:
              expected: next(4) @ 250
              recorded: next(3) @ 250
            recorded events:
              next(2) @ 220
              next(3) @ 250
              completed @ 270
            """)
    }

    func testIntegerDigitsNeedNoValuesOnEitherSide() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs: TestableObservable<Int> = try scheduler.createHotObservable("-1-^-2--3-|")
        let res = scheduler.start { xs }
        XCTAssertEqual(capturedFailures { assertMarbles(res, "--2--3-|") }, [])
        XCTAssertEqual(
            scheduler.marbleMismatch(res.events, "--2--4-|"),
            """
            recorded events differ from the marble diagram at 250 (frame 5):
            expected: --2--4-|
            recorded: --2--3-|
                           ^
            first difference:
              expected: next(4) @ 250
              recorded: next(3) @ 250
            recorded events:
              next(2) @ 220
              next(3) @ 250
              completed @ 270
            """)
    }

    func testMissingEventsAndExtraEvents() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createColdObservable("-a", values: values)
        let res = scheduler.start { xs }
        XCTAssertEqual(
            scheduler.marbleMismatch(res.events, "-a-b-|", values: values),
            """
            recorded events differ from the marble diagram at 230 (frame 3):
            expected: -a-b-|
            recorded: -a----
                         ^
            first difference:
              expected: next(2) @ 230
              recorded: nothing
            recorded events:
              next(1) @ 210
            """)
        XCTAssertEqual(
            scheduler.marbleMismatch(res.events, "", values: values),
            """
            recorded events differ from the marble diagram at 210 (frame 1):
            expected: --
            recorded: -a
                       ^
            first difference:
              expected: nothing
              recorded: next(1) @ 210
            recorded events:
              next(1) @ 210
            """)
    }

    func testEventsBetweenFramesStillCompareExactly() {
        let scheduler = TestScheduler(initialClock: 0)
        let events: [Recorded<Event<Int>>] = [.next(210, 1), .next(235, 2)]
        XCTAssertEqual(
            scheduler.marbleMismatch(events, "-a-b", values: values),
            """
            recorded events differ from the marble diagram at 230 (frame 3):
            expected: ----------a-------------------b-----
            recorded: ----------a------------------------b
                                                    ^
            first difference:
              expected: next(2) @ 230
              recorded: next(2) @ 235
            note: drawn one tick per column (- is a tick, Nf is N ticks): some events are less than a frame apart
            recorded events:
              next(1) @ 210
              next(2) @ 235
            """)
        XCTAssertNil(scheduler.marbleMismatch(events, "-a- 5t b", values: values))
    }

    func testErrorsAndUnknownValues() {
        let scheduler = TestScheduler(initialClock: 0)
        // 42 has no key and is no digit, so it is drawn as `?`.
        let events: [Recorded<Event<Int>>] = [.next(200, 42), .error(210, TestError.other)]
        XCTAssertEqual(
            scheduler.marbleMismatch(events, "a#", values: values, error: TestError.boom),
            """
            recorded events differ from the marble diagram at 200 (frame 0):
            expected: a#
            recorded: ?#
                      ^
            first difference:
              expected: next(1) @ 200
              recorded: next(42) @ 200
            note: ? is a value with no key in `values`
            recorded events:
              next(42) @ 200
              error(other) @ 210
            """)
        XCTAssertEqual(
            scheduler.marbleMismatch([.error(210, TestError.other)], "-#", values: values, error: TestError.boom)?
                .components(separatedBy: "\n").prefix(7).joined(separator: "\n"),
            """
            recorded events differ from the marble diagram at 210 (frame 1):
            expected: -#
            recorded: -#
                       ^
            first difference:
              expected: error(boom) @ 210
              recorded: error(other) @ 210
            """)
    }

    func testMalformedExpectedDiagramIsTheFailure() {
        let scheduler = TestScheduler(initialClock: 0)
        XCTAssertEqual(
            scheduler.marbleMismatch([Recorded<Event<Int>>](), "-(a", values: values),
            """
            malformed marble diagram: '(' is never closed
            -(a
             ^
            """)
    }

    func testAssertMarblesReportsAtTheCallersLine() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createColdObservable("-a|", values: values)
        let res = scheduler.start { xs }
        let line: UInt = #line + 1
        let failures = FailureReporter.capturing { assertMarbles(res, "-b|", values: values) }
        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertEqual(failures.map(\.fileID), ["RxTestSupportTests/MarbleAssertionTests.swift"])
        XCTAssertEqual(
            failures.first?.message.components(separatedBy: "\n").first,
            "recorded events differ from the marble diagram at 210 (frame 1):")
    }

    func testSubscriptionMismatch() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("^a-b-c", values: values)
        // The hot observable scheduled its event at 230 before `start` scheduled the disposal
        // at 230, so the event still arrives (RxTest's order).
        let res = scheduler.start(disposed: 230) { xs }
        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 2)])
        XCTAssertEqual(
            scheduler.subscriptionsMismatch(xs.subscriptions, ["^-----!"]),
            """
            recorded subscriptions differ from the subscription diagrams at 230 (frame 3):
            expected: ^-----!
            recorded: ^--!---
                         ^
            expected: (200 : 260)
            recorded: (200 : 230)
            """)
        XCTAssertEqual(
            scheduler.subscriptionsMismatch([], ["--^"]),
            """
            recorded subscriptions differ from the subscription diagrams at 220 (frame 2):
            expected: --^
            recorded: (none)
                        ^
            expected: (220 : Infinity)
            recorded: none
            """)
        XCTAssertEqual(
            scheduler.subscriptionsMismatch([Subscription(210, 240), Subscription(220)], []),
            """
            recorded subscriptions differ from the subscription diagrams at 210 (frame 1):
            expected: (none)
            recorded: -^--!
            recorded: --^--
                       ^
            expected: none
            recorded: (210 : 240), (220 : Infinity)
            """)
        let failures = capturedFailures { assertSubscriptions(xs, "^--!", "^--!") }
        XCTAssertEqual(failures.count, 1)
    }
}
