import RxDisposables
import Synchronization

/// Work the framework's real schedulers and tasks have taken on and not yet finished: an action
/// queued on a dispatch or operation queue, a timer not yet fired or disposed, a task bridging
/// Swift concurrency. Counted in debug builds only, beside ``Resources/total``.
///
/// A leak check reads it to tell a count that may still come down (something is in flight that
/// holds objects and will release them) from one that will not, and stops waiting early in the
/// second case. Release builds count nothing and ``count`` stays zero.
package enum PendingWork {
    #if DEBUG
        package static let counter = Atomic<Int>(0)
    #endif

    /// How many pieces of work are in flight.
    package static var count: Int {
        #if DEBUG
            counter.load(ordering: .acquiring)
        #else
            0
        #endif
    }

    /// Counts one more piece of work; pair it with exactly one ``end()``. A release build counts
    /// nothing.
    package static func begin() {
        #if DEBUG
            counter.wrappingAdd(1, ordering: .relaxed)
        #endif
    }

    /// Counts one piece of work as finished.
    package static func end() {
        #if DEBUG
            counter.wrappingSubtract(1, ordering: .releasing)
        #endif
    }
}

/// One piece of ``PendingWork`` that may end in more than one way (it ran, it was disposed, it
/// was dropped): it counts as ended the first time, and at the latest when it is released.
package final class PendingWorkToken: Disposable, Sendable {
    private let ended = Atomic<Bool>(false)

    /// Counts the work as begun.
    package init() {
        PendingWork.begin()
    }

    /// Counts the work as ended, once.
    package func dispose() {
        if !ended.exchange(true, ordering: .acquiringAndReleasing) {
            PendingWork.end()
        }
    }

    deinit {
        dispose()
    }
}
