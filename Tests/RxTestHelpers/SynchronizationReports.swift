import RxCore
import RxDisposables

/// Collects what the debug-build synchronization tracker reports while a block runs, instead
/// of printing it, and puts the previous handler back afterwards.
///
/// `Hooks.synchronizationErrorHandler` is global: the tests that use this are XCTest tests, which
/// run one at a time, so no other test sees the swapped handler.
public final class SynchronizationReports: Sendable {
    private let collected = RxMutex<[String]>([])

    private init() {}

    /// Runs `body` with the handler collecting, and returns the reports in the order made.
    public static func collect(during body: () throws -> Void) rethrows -> [String] {
        let reports = SynchronizationReports()
        let previous = Hooks.synchronizationErrorHandler
        Hooks.synchronizationErrorHandler = { message in reports.collected.withLock { $0.append(message) } }
        defer { Hooks.synchronizationErrorHandler = previous }
        try body()
        return reports.collected.withLock { $0 }
    }
}
