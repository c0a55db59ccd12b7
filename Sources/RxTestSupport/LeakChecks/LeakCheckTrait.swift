import Dispatch
import RxCore
import Testing

/// A Swift Testing trait that fails a test which leaves framework objects alive, the
/// equivalent of ``RxTestCase`` for XCTest: `@Test(.leakChecked)`, or `@Suite(.leakChecked)`
/// for every test of a suite.
///
/// `Resources.total` is one count for the whole process, and Swift Testing runs
/// tests in parallel, so a test running beside a leak-checked one would move its count. The
/// trait therefore runs the tests that carry it one at a time (other tests still run in
/// parallel with each other): apply it to every test or suite in a target that creates
/// framework objects, so none of them overlaps a leak check. A test with the trait twice
/// (on itself and its suite) is checked once.
public struct LeakCheckTrait: TestTrait, SuiteTrait, TestScoping {
    /// The time objects released on other threads get to go before the test fails.
    public let timeout: DispatchTimeInterval

    /// A trait that waits up to `timeout` for late releases.
    public init(timeout: DispatchTimeInterval = .seconds(2)) {
        self.timeout = timeout
    }

    /// `true`: on a suite, every test in it is checked.
    public var isRecursive: Bool { true }

    /// Runs the test alone among leak-checked tests and fails it if
    /// `Resources.total` does not return to where it started.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        if Self.isChecking {
            try await function()
            return
        }
        await LeakCheckGate.shared.acquire()
        defer { LeakCheckGate.shared.release() }
        try await Self.$isChecking.withValue(true) {
            try await Self.check(
                timeout: timeout, testName: test.name, sourceLocation: test.sourceLocation, function)
        }
    }

    /// Runs `function` and records an issue at `sourceLocation`, naming the test and what it
    /// left alive, if `Resources.total` has not returned to where it started within `timeout`,
    /// even when `function` throws.
    static func check(
        timeout: DispatchTimeInterval, testName: String, sourceLocation: SourceLocation,
        _ function: () async throws -> Void
    ) async throws {
        let baseline = LeakBaseline()
        let outcome: Result<Void, any Error>
        do {
            try await function()
            outcome = .success(())
        } catch {
            outcome = .failure(error)
        }
        let end = await LeakWait.wait(for: baseline.total, timeout: timeout)
        if end.difference != 0 {
            FailureReporter.report(baseline.message(after: "the test \(testName)", end), at: sourceLocation)
        }
        try outcome.get()
    }

    // Set while a check runs, so that a nested scope of the same trait does not wait for the
    // gate its own test holds.
    @TaskLocal private static var isChecking = false
}

extension Trait where Self == LeakCheckTrait {
    /// Fails the test if it leaves framework objects alive; leak-checked tests run one at a
    /// time. See ``LeakCheckTrait``.
    public static var leakChecked: Self { LeakCheckTrait() }

    /// ``leakChecked`` with a different grace period for objects released on other threads.
    public static func leakChecked(timeout: DispatchTimeInterval) -> Self { LeakCheckTrait(timeout: timeout) }
}
