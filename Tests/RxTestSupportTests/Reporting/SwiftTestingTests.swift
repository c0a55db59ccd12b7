import Dispatch
import Foundation
import RxCore
import RxSchedulers
import Synchronization
import Testing

@testable import RxTestSupport

/// The assertions from Swift Testing, whose tests run in parallel: each test owns its
/// scheduler, and the leak-checked ones take turns.
@Suite(.leakChecked)
struct SwiftTestingMarbleTests {
    private let values: [Character: Int] = ["a": 1, "b": 2, "c": 3]

    @Test func hotObservableMatchesItsDiagram() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a-^-b-c-|", values: values)
        let res = scheduler.start { xs }
        assertMarbles(res, "   --b-c-|", values: values)
        assertSubscriptions(xs, "   ^-----!")
        #expect(res.events == [.next(220, 2), .next(240, 3), .completed(260)])
    }

    // One of the two issues this target records on purpose, with a message that says so: every
    // assertion below reports through this route, and the others are captured.
    @Test func aReportInASwiftTestingTestBecomesAnIssueAtTheCallersLine() {
        let caller = SourceContext(fileID: #fileID, filePath: #filePath, line: #line, column: #column)
        withKnownIssue("recorded on purpose, to see where an assertion's report lands") {
            FailureReporter.report(
                "on purpose: where RxTestSupport's assertions report in a Swift Testing test", at: caller)
        } matching: { issue in
            issue.sourceLocation?.line == Int(caller.line)
                && issue.sourceLocation?.fileID == "RxTestSupportTests/SwiftTestingTests.swift"
                && issue.comments.first?.rawValue.hasPrefix("on purpose:") == true
        }
    }

    // The other issue recorded on purpose: a marble assertion failing through the real route
    // writes the picture of the difference, ends its message with the picture's path, and
    // attaches the picture to the test.
    @Test func aMarbleFailurePointsAtThePictureOfTheDifference() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createColdObservable("-a|", values: values)
        let res = scheduler.start { xs }
        let found = Mutex<String?>(nil)
        let line = #line + 2
        withKnownIssue("failed on purpose, to see the picture a failure draws") {
            assertMarbles(res, "-b|", values: values)
        } matching: { issue in
            let last = issue.comments.first?.rawValue.split(separator: "\n").last.map(String.init) ?? ""
            let prefix = "picture of the difference: "
            found.withLock { $0 = last.hasPrefix(prefix) ? String(last.dropFirst(prefix.count)) : nil }
            return last.hasPrefix(prefix) && issue.sourceLocation?.line == line
        }
        let path = try #require(found.withLock { $0 })
        let svg = try String(contentsOfFile: path, encoding: .utf8)
        #expect(svg.contains("assertMarbles failed at RxTestSupportTests/SwiftTestingTests.swift:\(line)"))
        #expect(
            svg.contains("first difference at 210 (frame 1): expected next(b = 2) @ 210, recorded next(a = 1) @ 210"))
        try FileManager.default.removeItem(atPath: path)
    }

    @Test func aMarbleFailureIsReportedAtTheCallersLine() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createColdObservable("-a|", values: values)
        let res = scheduler.start { xs }
        let line: UInt = #line + 1
        let failures = FailureReporter.capturing { assertMarbles(res, "-b|", values: values) }
        #expect(failures.map(\.line) == [line])
        #expect(failures.map(\.fileID) == ["RxTestSupportTests/SwiftTestingTests.swift"])
        #expect(
            failures.first?.message.hasPrefix("recorded events differ from the marble diagram at 210 (frame 1):")
                == true)
    }

    @Test func rxTestAssertionsReportToo() {
        let failures = capturedFailures { XCTAssertEqual([Recorded.next(210, 1)], [.next(220, 1)]) }
        #expect(failures.count == 1)
        #expect(failures.first?.hasPrefix("XCTAssertEqual failed: the recorded events differ") == true)
    }

    @Test func leakAssertionReportsTheCount() {
        let baseline = Resources.total
        let failures = capturedFailures {
            assertNoLeaks(timeout: .milliseconds(20)) { _ = Resources.incrementTotal() }
        }
        Resources.decrementTotal()
        #expect(
            failures == [
                "1 framework object still alive after the block (Resources.total \(baseline) → \(baseline + 1)):"
                    + " Resources.incrementTotal() ×1\n" + LeakBaseline.likelyCauses
            ])
    }

    @Test func leakCheckReportsTheCountAsAnIssue() async throws {
        let baseline = Resources.total
        let location = SourceLocation(
            fileID: "RxTestSupportTests/SwiftTestingTests.swift", filePath: #filePath, line: 1, column: 1)
        let failures = try await FailureReporter.capturing {
            try await LeakCheckTrait.check(
                timeout: .milliseconds(20), testName: "leaky()", sourceLocation: location
            ) {
                _ = Resources.incrementTotal()
            }
        }
        Resources.decrementTotal()
        #expect(failures.map(\.line) == [1])
        #expect(
            failures.map(\.message) == [
                "1 framework object still alive after the test leaky() (Resources.total \(baseline) → \(baseline + 1)):"
                    + " Resources.incrementTotal() ×1\n" + LeakBaseline.likelyCauses
            ])
    }

    @Test func asyncLeakAssertionPassesWhenEverythingIsReleased() async throws {
        let result = try await assertNoLeaks {
            await Task.yield()
            let scheduler = TestScheduler(initialClock: 0)
            let xs = try scheduler.createColdObservable("-a-b|", values: values)
            return scheduler.start { xs.asObservable() }.events
        }
        #expect(result == [.next(210, 1), .next(230, 2), .completed(240)])
    }

    @Test(.leakChecked) func traitOnTestAndSuiteChecksOnce() throws {
        let scheduler = TestScheduler(initialClock: 0)
        #expect(try scheduler.marbleEvents("-a", values: values) == [.next(210, 1)])
    }

    @Test(arguments: 0..<6) func parallelSchedulersStayIndependent(offset: Int) throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createColdObservable("-a-b-|", values: values)
        let res = scheduler.start(created: 0, subscribed: offset * 10, disposed: 1000) { xs.asObservable() }
        assertMarbles(res, "-a-b-|", values: values, subscribed: offset * 10)
    }
}

/// Leak-checked like every test; the last one drives several schedulers from parallel tasks at once.
@Suite(.leakChecked) struct SwiftTestingParallelTests {
    @Test(arguments: ["-a-b-|", "(ab)--|", "a 3t b"]) func renderingRoundTrips(diagram: String) throws {
        let scheduler = TestScheduler(initialClock: 0)
        let events = try scheduler.marbleEvents(diagram)
        #expect(try scheduler.marbleEvents(scheduler.marbleDiagram(of: events)) == events)
    }

    @Test func schedulersRunIndependentlyOnParallelTasks() async throws {
        let results = await withTaskGroup(of: [Recorded<Event<Int>>].self) { group in
            for offset in 0..<8 {
                group.addTask {
                    let scheduler = TestScheduler(initialClock: 0)
                    let xs = scheduler.createColdObservable([.next(10, offset), .completed(20)])
                    return scheduler.start { xs.asObservable() }.events
                }
            }
            var all: [[Recorded<Event<Int>>]] = []
            for await events in group { all.append(events) }
            return all
        }
        let expected = (0..<8).map { offset -> [Recorded<Event<Int>>] in [.next(210, offset), .completed(220)] }
        #expect(results.sorted { $0.first?.value.element ?? 0 < $1.first?.value.element ?? 0 } == expected)
    }

    @Test func malformedDiagramThrowsWithCaret() {
        let scheduler = TestScheduler(initialClock: 0)
        #expect(throws: MarbleDiagramError(diagram: "-(a", column: 1, reason: "'(' is never closed")) {
            try scheduler.marbleEvents("-(a")
        }
    }
}
