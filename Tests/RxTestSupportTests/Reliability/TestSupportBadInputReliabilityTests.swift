import RxCore
import RxDisposables
import RxSchedulers
import RxTestHelpers
import XCTest

@testable import RxTestSupport

/// Malformed marble diagrams the other tests leave out (overflowing the clock, malformed
/// diagrams given to the observable factories and to the assertions), and testable
/// observables disposed twice.
final class TestSupportBadInputReliabilityTests: RxTestCase {
    private let values: [Character: Int] = ["a": 1, "b": 2]

    func testAProgressionLongerThanTheClockFailsWithACaret() {
        let scheduler = TestScheduler(initialClock: 0)
        XCTAssertThrowsError(try scheduler.marbleEvents("a 99999999999999999999f b", values: values)) { error in
            XCTAssertEqual(
                error as? MarbleDiagramError,
                MarbleDiagramError(
                    diagram: "a 99999999999999999999f b", column: 2,
                    reason: "'99999999999999999999f' is too long for the clock"))
        }
    }

    func testFramesThatOverflowTheClockFailAtTheFrameThatOverflows() {
        let scheduler = TestScheduler(initialClock: 0, ticksPerFrame: .max / 2)
        XCTAssertThrowsError(try scheduler.marbleEvents("--a", values: values)) { error in
            XCTAssertEqual(
                error as? MarbleDiagramError,
                MarbleDiagramError(diagram: "--a", column: 2, reason: "the diagram is too long for the clock"))
        }
    }

    func testAnEventPastTheEndOfTheClockFailsAtItsColumn() {
        let scheduler = TestScheduler(initialClock: 0)
        XCTAssertThrowsError(try scheduler.marbleEvents("a-b", values: values, subscribed: .max - 5)) { error in
            XCTAssertEqual(
                error as? MarbleDiagramError,
                MarbleDiagramError(diagram: "a-b", column: 2, reason: "this time is beyond the clock"))
            XCTAssertEqual(
                "\(error)",
                """
                malformed marble diagram: this time is beyond the clock
                a-b
                  ^
                """)
        }
    }

    func testTheObservableFactoriesRejectMalformedDiagrams() {
        let scheduler = TestScheduler(initialClock: 0)
        XCTAssertThrowsError(try scheduler.createHotObservable("-a-^-^", values: values)) { error in
            XCTAssertEqual(
                error as? MarbleDiagramError, MarbleDiagramError(diagram: "-a-^-^", column: 5, reason: "a second '^'"))
        }
        XCTAssertThrowsError(try scheduler.createColdObservable("-a-#", values: values)) { error in
            XCTAssertEqual(
                error as? MarbleDiagramError,
                MarbleDiagramError(diagram: "-a-#", column: 3, reason: "'#' needs the `error:` argument"))
        }
        XCTAssertThrowsError(try scheduler.createColdObservable("(a")) { error in
            XCTAssertEqual(
                error as? MarbleDiagramError,
                MarbleDiagramError(diagram: "(a", column: 0, reason: "'(' is never closed"))
        }
    }

    func testAMalformedSubscriptionDiagramIsTheAssertionsFailure() {
        let scheduler = TestScheduler(initialClock: 0)
        XCTAssertEqual(
            scheduler.subscriptionsMismatch([Subscription(200, 300)], ["^-!-!"]),
            """
            malformed marble diagram: a second '!'; a subscription diagram shows one subscription
            ^-!-!
                ^
            """)
    }

    func testDisposingATestableObservablesSubscriptionTwiceRecordsOneUnsubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let hot = scheduler.createHotObservable([.next(210, 1), .next(260, 2)])
        let cold = scheduler.createColdObservable([.next(10, 1), .next(60, 2)])
        let hotObserver = scheduler.createObserver(Int.self)
        let coldObserver = scheduler.createObserver(Int.self)
        var subscriptions: [any Disposable] = []
        scheduler.scheduleAt(200) {
            subscriptions = [hot.subscribe(hotObserver), cold.subscribe(coldObserver)]
        }
        for time in [230, 240] {
            scheduler.scheduleAt(time) {
                for subscription in subscriptions { subscription.dispose() }
            }
        }
        scheduler.start()

        XCTAssertEqual(hotObserver.events, [.next(210, 1)])
        XCTAssertEqual(coldObserver.events, [.next(210, 1)])
        XCTAssertEqual(hot.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(cold.subscriptions, [Subscription(200, 230)])
    }

    func testAnAssertNoLeaksBodyThatThrowsRethrowsWithoutAVerdict() throws {
        let failures = try capturedFailures {
            XCTAssertThrowsError(try assertNoLeaks { throw TestError.boom }) { error in
                XCTAssertEqual(error as? TestError, .boom)
            }
        }
        XCTAssertEqual(failures, [])
    }
}
