import Dispatch
import RxCore

/// Runs `body` and fails the current test (XCTest or Swift Testing) if
/// `Resources.total` does not return to where it started, naming how many objects
/// are still alive and, in debug builds, their types.
///
/// Objects released on other threads get up to `timeout` to go. The count is process-wide:
/// in Swift Testing, use it in tests that do not overlap other Rx tests (such as those marked
/// `.leakChecked`).
///
/// - Returns: what `body` returns.
@discardableResult
public func assertNoLeaks<Result>(
    timeout: DispatchTimeInterval = .seconds(2), _ body: () throws -> Result,
    fileID: String = #fileID, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) rethrows -> Result {
    let baseline = LeakBaseline()
    let result = try body()
    let end = LeakWait.wait(for: baseline.total, timeout: timeout)
    if end.difference != 0 {
        FailureReporter.report(
            baseline.message(after: "the block", end),
            at: SourceContext(fileID: fileID, filePath: file, line: line, column: column))
    }
    return result
}

/// Runs the asynchronous `body` and fails the current test if `Resources.total` does
/// not return to where it started (within `timeout`), naming how many objects are still
/// alive and, in debug builds, their types.
///
/// - Returns: what `body` returns.
@discardableResult
public func assertNoLeaks<Result>(
    isolation: isolated (any Actor)? = #isolation, timeout: DispatchTimeInterval = .seconds(2),
    _ body: () async throws -> Result,
    fileID: String = #fileID, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) async rethrows -> Result {
    let baseline = LeakBaseline()
    let result = try await body()
    let end = await LeakWait.wait(for: baseline.total, timeout: timeout)
    if end.difference != 0 {
        FailureReporter.report(
            baseline.message(after: "the block", end),
            at: SourceContext(fileID: fileID, filePath: file, line: line, column: column))
    }
    return result
}
