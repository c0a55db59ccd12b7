import Foundation
import XCTest

// Bad arguments that RxSwift answers by stopping the program (a negative count, a zero
// maxConcurrent): any test of RxOperatorsTests checks one with `expectStop`, so an operator's
// precondition is tested in its own test file.

extension XCTestCase {
    private static let childVariable = "RX_OPERATORS_PRECONDITION_CHILD"

    private var isChild: Bool {
        ProcessInfo.processInfo.environment[XCTestCase.childVariable] == name
    }

    /// In the parent, runs `test` (the calling test's name) again in a child process and checks
    /// that it stopped with `message`; in the child, makes the bad call.
    func expectStop(
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
            // The test runner's filter: the test's own class (PreconditionTests, or an operator's tests).
            child.arguments = ["\(String(reflecting: type(of: self)))/\(test)"]
            var environment = ProcessInfo.processInfo.environment
            environment[XCTestCase.childVariable] = name
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
}
