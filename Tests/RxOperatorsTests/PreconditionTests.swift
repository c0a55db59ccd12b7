import Foundation
import RxCore
import RxOperators
import RxTestSupport
import XCTest

/// Bad arguments that RxSwift answers by stopping the program. Each test runs itself again in
/// a child process, where it makes the bad call, and checks that the child stopped with a
/// message naming the argument.
final class PreconditionTests: RxTestCase {
    private static let childVariable = "RX_OPERATORS_PRECONDITION_CHILD"

    private var isChild: Bool {
        ProcessInfo.processInfo.environment[Self.childVariable] == name
    }

    /// In the parent, runs `test` in a child process and checks how it ended; in the child,
    /// makes the bad call.
    private func expectStop(
        _ test: String, message: String, file: StaticString = #filePath, line: UInt = #line,
        badCall: () -> Void
    ) throws {
        if isChild {
            badCall()
            return
        }
        #if os(Linux)
            let log = FileManager.default.temporaryDirectory
                .appendingPathComponent("rx-operators-precondition-\(ProcessInfo.processInfo.globallyUniqueString).log")
            XCTAssertTrue(FileManager.default.createFile(atPath: log.path, contents: nil), "cannot write \(log.path)")
            defer { try? FileManager.default.removeItem(at: log) }
            let errors = try FileHandle(forWritingTo: log)
            let child = Process()
            child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
            child.arguments = ["RxOperatorsTests.PreconditionTests/\(test)"]
            var environment = ProcessInfo.processInfo.environment
            environment[Self.childVariable] = name
            // The crash backtracer would outlive the child; the message alone is what is checked.
            environment["SWIFT_BACKTRACE"] = "enable=no"
            child.environment = environment
            // A file, not a pipe: nothing the child leaves behind can keep the parent reading.
            child.standardError = errors
            child.standardOutput = FileHandle.nullDevice
            try child.run()
            let deadline = Date().addingTimeInterval(20)
            while child.isRunning, Date() < deadline {
                usleep(10_000)
            }
            if child.isRunning {
                child.terminate()
                child.waitUntilExit()
                XCTFail("the child did not stop within 20 seconds", file: file, line: line)
            }
            try errors.close()
            let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            // A trap ends the child with a signal; under ThreadSanitizer, with a failing exit code.
            let stopped = child.terminationReason == .uncaughtSignal || child.terminationStatus != 0
            XCTAssertTrue(stopped, "the child went on after the bad call:\n\(output)", file: file, line: line)
            XCTAssertTrue(output.contains(message), "expected \"\(message)\" in:\n\(output)", file: file, line: line)
        #else
            throw XCTSkip("the child-process check runs on Linux, where the test bundle is an executable")
        #endif
    }

    func testMergeRejectsAMaxConcurrentOfZero() throws {
        try expectStop(
            "testMergeRejectsAMaxConcurrentOfZero",
            message: "merge(maxConcurrent:): maxConcurrent must be positive, but it is 0"
        ) {
            _ = Observable.of(Observable.of(1)).merge(maxConcurrent: 0)
        }
    }

    func testMergeRejectsANegativeMaxConcurrent() throws {
        try expectStop(
            "testMergeRejectsANegativeMaxConcurrent",
            message: "merge(maxConcurrent:): maxConcurrent must be positive, but it is -2"
        ) {
            _ = Observable.of(Observable.of(1)).merge(maxConcurrent: -2)
        }
    }

    func testTakeRejectsANegativeCount() throws {
        try expectStop(
            "testTakeRejectsANegativeCount", message: "take(_:): count must not be negative, but it is -1"
        ) {
            _ = Observable.of(1).take(-1)
        }
    }

    func testRangeRejectsANegativeCount() throws {
        try expectStop(
            "testRangeRejectsANegativeCount",
            message: "range(start:count:scheduler:): count must not be negative, but it is -3"
        ) {
            _ = Observable.range(start: 0, count: -3)
        }
    }

    func testRangeRejectsACountThatOverflows() throws {
        try expectStop(
            "testRangeRejectsACountThatOverflows",
            message: "range(start:count:scheduler:): start 250 + count 7 - 1 overflows UInt8"
        ) {
            _ = Observable<UInt8>.range(start: 250, count: 7)
        }
    }

    func testReplayRejectsANegativeBufferSize() throws {
        try expectStop(
            "testReplayRejectsANegativeBufferSize", message: "replay(_:): bufferSize must not be negative, got -1"
        ) {
            _ = Observable.of(1).replay(-1)
        }
    }

    func testShareRejectsANegativeReplay() throws {
        try expectStop(
            "testShareRejectsANegativeReplay", message: "share(replay:scope:): replay must not be negative, got -1"
        ) {
            _ = Observable.of(1).share(replay: -1)
        }
    }

    func testElementAtRejectsANegativeIndex() throws {
        try expectStop(
            "testElementAtRejectsANegativeIndex", message: "element(at:): index must not be negative, but it is -1"
        ) {
            _ = Observable.of(1).element(at: -1)
        }
    }

    func testTakeLastRejectsANegativeCount() throws {
        try expectStop(
            "testTakeLastRejectsANegativeCount", message: "takeLast(_:): count must not be negative, but it is -2"
        ) {
            _ = Observable.of(1).takeLast(-2)
        }
    }

    func testRetryRejectsANegativeMaxAttemptCount() throws {
        try expectStop(
            "testRetryRejectsANegativeMaxAttemptCount",
            message: "retry(_:): maxAttemptCount must not be negative, but it is -1"
        ) {
            _ = Observable.of(1).retry(-1)
        }
    }
}
