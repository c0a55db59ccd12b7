import RxCore
import RxDisposables
import RxTestSupport
import XCTest

/// `Hooks` handlers cost the same on the ten-thousandth call as on the first: reading, replacing
/// and calling a handler must not wrap it in one more layer each time, or a server that logs
/// unhandled errors for long enough overflows its stack.
///
/// These tests swap the global handlers; XCTest runs them one at a time.
final class HooksReliabilityTests: RxTestCase {
    private static let rounds = 20_000

    func testTheDefaultErrorHandlerDoesNotGrowWithUse() {
        let depths = StackDepths()
        let previous = Hooks.defaultErrorHandler
        defer { Hooks.defaultErrorHandler = previous }
        Hooks.defaultErrorHandler = { _, _ in depths.record() }

        for round in 0..<Self.rounds {
            // An unhandled error reaches the handler through the subscribe family.
            _ = TestProducer<Int> { $0.onError(TestError(id: round)) }.subscribe()
            // Reading and writing the hook back is what a logging wrapper does.
            let current = Hooks.defaultErrorHandler
            Hooks.defaultErrorHandler = current
        }

        XCTAssertEqual(depths.count, Self.rounds)
        XCTAssertLessThan(depths.growth, 1024, "the handler's stack frame moved by \(depths.growth) bytes")
    }

    func testTheSynchronizationErrorHandlerDoesNotGrowWithUse() {
        let depths = StackDepths()
        let previous = Hooks.synchronizationErrorHandler
        defer { Hooks.synchronizationErrorHandler = previous }
        Hooks.synchronizationErrorHandler = { _ in depths.record() }

        for _ in 0..<Self.rounds {
            Hooks.synchronizationErrorHandler("report")
            let current = Hooks.synchronizationErrorHandler
            Hooks.synchronizationErrorHandler = current
        }

        XCTAssertEqual(depths.count, Self.rounds)
        XCTAssertLessThan(depths.growth, 1024, "the handler's stack frame moved by \(depths.growth) bytes")
    }

    func testReplacingAHandlerReleasesTheOldOneOutsideTheHooksLock() {
        let previous = Hooks.defaultErrorHandler
        defer { Hooks.defaultErrorHandler = previous }
        let released = CallLog()
        installHandlerThatReadsTheHookAsItDies(released)
        Hooks.defaultErrorHandler = { _, _ in }

        XCTAssertEqual(released.entries.count, 1)
    }
}

/// The old handler's captured state reads the hook as it dies: were it released under the
/// hook's own lock, that read would stop the process with a recursive lock.
private func installHandlerThatReadsTheHookAsItDies(_ released: CallLog) {
    let watcher = ReleaseWatcher {
        _ = Hooks.defaultErrorHandler
        released.append("old handler released")
    }
    Hooks.defaultErrorHandler = { _, _ in watcher.touch() }
}

/// Records how deep in the stack a handler runs, as the address of one of its locals.
private final class StackDepths: Sendable {
    private let addresses = RxMutex<(first: UInt?, last: UInt?, count: Int)>((nil, nil, 0))

    /// The distance in bytes between the first and the latest call's frame.
    var growth: UInt {
        addresses.withLock { state in
            guard let first = state.first, let last = state.last else { return 0 }
            return first > last ? first - last : last - first
        }
    }

    var count: Int { addresses.withLock { $0.count } }

    @inline(never)
    func record() {
        var local = 0
        let address = withUnsafeMutablePointer(to: &local) { UInt(bitPattern: $0) }
        addresses.withLock { state in
            if state.first == nil { state.first = address }
            state.last = address
            state.count += 1
        }
    }
}

/// Runs `onRelease` when it is released.
private final class ReleaseWatcher: Sendable {
    private let onRelease: @Sendable () -> Void

    init(_ onRelease: @escaping @Sendable () -> Void) {
        self.onRelease = onRelease
    }

    func touch() {}

    deinit {
        onRelease()
    }
}
