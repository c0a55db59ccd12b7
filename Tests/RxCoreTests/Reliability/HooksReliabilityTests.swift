import Foundation
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
            _ = TestProducer<Int> { $0.onError(NumberedError(id: round)) }.subscribe()
            // Reading and writing the hook back is what a logging wrapper does.
            let current = Hooks.defaultErrorHandler
            Hooks.defaultErrorHandler = current
        }

        XCTAssertEqual(depths.count, Self.rounds)
        XCTAssertEqual(depths.growth, 0, "the handler ran \(depths.growth) frames deeper than on its first call")
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
        XCTAssertEqual(depths.growth, 0, "the handler ran \(depths.growth) frames deeper than on its first call")
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

/// Records how many frames deep a handler runs. A handler wrapped one layer deeper by each read
/// and write of the hook runs one frame deeper each round; an address-based depth is not used, as
/// the same frames need not sit at the same addresses on every machine.
private final class StackDepths: Sendable {
    private let frames = RxMutex<(first: Int?, deepest: Int, count: Int)>((nil, 0, 0))

    /// How many more frames the deepest call had than the first.
    var growth: Int {
        frames.withLock { state in
            guard let first = state.first else { return 0 }
            return state.deepest - first
        }
    }

    var count: Int { frames.withLock { $0.count } }

    func record() {
        let depth = Thread.callStackReturnAddresses.count
        frames.withLock { state in
            if state.first == nil { state.first = depth }
            state.deepest = max(state.deepest, depth)
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
