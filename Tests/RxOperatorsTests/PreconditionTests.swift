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
            let child = Process()
            child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
            child.arguments = ["RxOperatorsTests.PreconditionTests/\(test)"]
            var environment = ProcessInfo.processInfo.environment
            environment[Self.childVariable] = name
            child.environment = environment
            let errors = Pipe()
            child.standardError = errors
            child.standardOutput = FileHandle.nullDevice
            try child.run()
            let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            child.waitUntilExit()
            XCTAssertEqual(child.terminationReason, .uncaughtSignal, output, file: file, line: line)
            XCTAssertTrue(output.contains(message), "expected \"\(message)\" in:\n\(output)", file: file, line: line)
        #else
            throw XCTSkip("the child-process check runs on Linux, where the test bundle is an executable")
        #endif
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
}
