import Dispatch
import RxCore
import RxSchedulers
import RxTestHelpers
import XCTest

@testable import RxTestSupport

final class AssertionMessageTests: RxTestCase {
    func testEqualListsPass() {
        let failures = capturedFailures {
            XCTAssertEqual([Recorded.next(210, 1), .completed(220)], [.next(210, 1), .completed(220)])
            XCTAssertEqual([Event.next(1), .error(TestError.boom)], [.next(1), .error(TestError.boom)])
            XCTAssertRecordedElements([.next(210, "a"), .next(300, "b")], ["a", "b"])
        }
        XCTAssertEqual(failures, [])
    }

    func testRecordedEventsDifference() {
        let failures = capturedFailures {
            XCTAssertEqual(
                [Recorded.next(210, 1), .next(220, 3), .completed(230)], [.next(210, 1), .next(220, 2)], "mapped")
        }
        XCTAssertEqual(
            failures,
            [
                """
                XCTAssertEqual failed: the recorded events differ - mapped
                lhs: [next(1) @ 210, next(3) @ 220, completed @ 230]
                rhs: [next(1) @ 210, next(2) @ 220]
                differences:
                  [1] lhs: next(3) @ 220
                      rhs: next(2) @ 220
                  [2] lhs: completed @ 230
                      rhs: (none)
                """
            ])
    }

    func testEventsDifference() {
        let failures = capturedFailures {
            XCTAssertEqual([Event<Int>.error(TestError.boom)], [.error(TestError.other)])
        }
        XCTAssertEqual(
            failures,
            [
                """
                XCTAssertEqual failed: the events differ
                lhs: [error(boom)]
                rhs: [error(other)]
                differences:
                  [0] lhs: error(boom)
                      rhs: error(other)
                """
            ])
    }

    func testRecordedElements() {
        let failures = capturedFailures {
            XCTAssertRecordedElements([.next(210, 1), .completed(220)], [1])
            XCTAssertRecordedElements([.next(210, 1), .next(220, 5)], [1, 2])
        }
        XCTAssertEqual(
            failures,
            [
                "XCTAssertRecordedElements failed: a stop event was recorded: completed @ 220",
                """
                XCTAssertRecordedElements failed: the elements differ
                lhs: [1, 5]
                rhs: [1, 2]
                differences:
                  [1] lhs: 5
                      rhs: 2
                """,
            ])
    }

    func testAssertNoLeaksNamesTheCount() {
        let baseline = Resources.total
        let line: UInt = #line + 2
        let failures = FailureReporter.capturing {
            assertNoLeaks(timeout: .milliseconds(20)) { _ = Resources.incrementTotal() }
        }
        Resources.decrementTotal()
        XCTAssertEqual(
            failures,
            [
                FailureReporter.Failure(
                    message:
                        "1 framework object still alive after the block (Resources.total \(baseline) → \(baseline + 1)):"
                        + " Resources.incrementTotal() ×1\n" + LeakBaseline.likelyCauses,
                    fileID: "RxTestSupportTests/AssertionMessageTests.swift", line: line)
            ])
        XCTAssertEqual(capturedFailures { XCTAssertEqual(assertNoLeaks { 7 }, 7) }, [])
    }

    func testAssertNoLeaksNamesWhatIsAliveByTypeMostNumerousFirst() throws {
        try XCTSkipUnless(Resources.isTracking, "release builds count nothing")
        let baseline = Resources.total
        var kept: [AnyObject] = []
        let failures = FailureReporter.capturing {
            assertNoLeaks(timeout: .milliseconds(20)) {
                kept = [ForgottenObservable<String>(), LeftBehindObserver(), LeftBehindObserver()]
            }
        }
        XCTAssertEqual(kept.count, 3)
        kept = []
        XCTAssertEqual(
            failures.map(\.message),
            [
                "3 framework objects still alive after the block (Resources.total \(baseline) → \(baseline + 3)):"
                    + " LeftBehindObserver ×2, ForgottenObservable<String> ×1\n" + LeakBaseline.likelyCauses
            ])
        XCTAssertEqual(Resources.total, baseline)
    }

    func testAForgottenSubscriptionIsNamedByTheObjectsItKeepsAlive() throws {
        try XCTSkipUnless(Resources.isTracking, "release builds count nothing")
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([Recorded.next(10, 1)])
        let baseline = Resources.total
        var subscription: (any Disposable)?
        let failures = FailureReporter.capturing {
            assertNoLeaks(timeout: .milliseconds(20)) {
                subscription = xs.subscribe(onNext: { _ in })
            }
        }
        subscription?.dispose()
        subscription = nil
        XCTAssertEqual(
            failures.map(\.message),
            [
                "2 framework objects still alive after the block (Resources.total \(baseline) → \(baseline + 2)):"
                    + " ObservableAdapterSink<SubscriptionObserver<Int>> ×1, SubscriptionObserver<Int> ×1\n"
                    + LeakBaseline.likelyCauses
            ])
    }

    func testALeakCheckThatEndsBelowItsStartNamesWhatWasReleased() throws {
        try XCTSkipUnless(Resources.isTracking, "release builds count nothing")
        var kept: LeftBehindObserver? = LeftBehindObserver()
        let baseline = Resources.total
        let failures = FailureReporter.capturing {
            assertNoLeaks(timeout: .milliseconds(20)) { kept = nil }
        }
        XCTAssertNil(kept)
        XCTAssertEqual(
            failures.map(\.message),
            [
                "1 framework object released during the block that was alive before it"
                    + " (Resources.total \(baseline) → \(baseline - 1)): LeftBehindObserver ×1"
            ])
    }

    func testForwardedFileAndLineWinOverTheHelpersFileID() {
        let context = SourceContext(
            fileID: "Helpers/Assertions.swift", filePath: "/src/Tests/Feature/FeatureTests.swift", line: 12, column: 5)
        XCTAssertEqual(context.reportedFileID, "Helpers/FeatureTests.swift")
        XCTAssertEqual(context.reportedColumn, 1)
        let direct = SourceContext(
            fileID: "Feature/FeatureTests.swift", filePath: "/src/Tests/Feature/FeatureTests.swift", line: 12, column: 5
        )
        XCTAssertEqual(direct.reportedFileID, "Feature/FeatureTests.swift")
        XCTAssertEqual(direct.reportedColumn, 5)
        let fromXCTest = SourceContext(filePath: "/src/Tests/FeatureTests/FeatureTests.swift", line: 3)
        XCTAssertEqual(fromXCTest.reportedFileID, "FeatureTests/FeatureTests.swift")
        let inSubfolder = SourceContext(filePath: "/src/Tests/FeatureTests/Parsing/ParserTests.swift", line: 3)
        XCTAssertEqual(inSubfolder.reportedFileID, "FeatureTests/ParserTests.swift")
    }

    func testRxTestAssertionsReportAtTheCallersLine() {
        let line: UInt = #line + 1
        let failures = FailureReporter.capturing { XCTAssertEqual([Event.next(1)], [Event.next(2)]) }
        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertEqual(failures.map(\.fileID), ["RxTestSupportTests/AssertionMessageTests.swift"])
    }
}

/// An observer a test keeps alive on purpose, to see it named by a leak check.
private final class LeftBehindObserver: ObserverBase<Int> {
    override func onCore(_ event: Event<Int>) {}
}

/// An observable a test keeps alive on purpose, to see it named, generic argument included.
private final class ForgottenObservable<Element>: Observable<Element> {
    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
    where Observer.Element == Element {
        Disposables.create()
    }
}
