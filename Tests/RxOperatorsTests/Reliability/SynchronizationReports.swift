import RxCore
import RxDisposables

/// Collects what the debug-build synchronization tracker reports while a block runs, instead
/// of printing it, and puts the previous handler back afterwards.
///
/// `Hooks.synchronizationErrorHandler` is global: the tests that use this are XCTest tests, which
/// run one at a time, so no other test sees the swapped handler.
final class SynchronizationReports: Sendable {
    /// The full text of the report for events sent from two threads at once.
    static let concurrentDelivery = """
        Rx grammar violation: events were sent to one observer from two threads at once. \
        An observable must deliver its events serially; make the producer synchronise its \
        calls (a lock, a serial queue, or observe(on:) a serial scheduler).
        """

    /// The full text of the report for an event sent while the previous one is still handled.
    static let reentrantDelivery = """
        Rx grammar violation: an event was sent to an observer while it was still handling \
        the previous one on the same thread (reentrancy). Break the cycle, or deliver the \
        new event later through a scheduler.
        """

    private let collected = RxMutex<[String]>([])

    private init() {}

    /// Runs `body` with the handler collecting, and returns the reports in the order made.
    static func collect(during body: () throws -> Void) rethrows -> [String] {
        let reports = SynchronizationReports()
        let previous = Hooks.synchronizationErrorHandler
        Hooks.synchronizationErrorHandler = { message in reports.collected.withLock { $0.append(message) } }
        defer { Hooks.synchronizationErrorHandler = previous }
        try body()
        return reports.collected.withLock { $0 }
    }
}
