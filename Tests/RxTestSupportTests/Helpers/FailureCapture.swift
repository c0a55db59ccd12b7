@testable import RxTestSupport

/// The messages of the failures `body` reports, captured instead of failing the test.
func capturedFailures(_ body: () throws -> Void) rethrows -> [String] {
    try FailureReporter.capturing(body).map(\.message)
}
