import RxDisposables

// @unchecked Sendable: `tickUnderLock` is read and written only under the scheduler's `lock`.
/// Periodic work on a ``VirtualTimeScheduler``: one item that the scheduler queues again for
/// each tick, instead of a new scheduled action per tick.
///
/// Disposing releases the action and its state at once; an entry still queued for the item is
/// skipped when the scheduler reaches it.
@usableFromInline
final class VirtualPeriodicItem: Cancelable, @unchecked Sendable {
    @usableFromInline
    let lock: VirtualTimeLock

    /// The seconds from one tick to the next; `nil` for a period of `.never`, which runs once.
    @usableFromInline
    let periodSeconds: Double?

    /// Runs the action on the state and keeps the result for the next tick; `nil` once disposed.
    @usableFromInline
    @exclusivity(unchecked)
    var tickUnderLock: (() -> Void)?

    @usableFromInline
    init(lock: VirtualTimeLock, periodSeconds: Double?, tick: @escaping () -> Void) {
        self.lock = lock
        self.periodSeconds = periodSeconds
        self.tickUnderLock = tick
    }

    @usableFromInline
    var isDisposed: Bool {
        lock.withLock { tickUnderLock == nil }
    }

    @usableFromInline
    func dispose() {
        let released = lock.withLock {
            defer { tickUnderLock = nil }
            return tickUnderLock
        }
        // Dropped here, outside the lock: what the action captured may dispose this very item.
        _ = released
    }
}
