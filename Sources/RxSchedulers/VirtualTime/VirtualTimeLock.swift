import RxDisposables

/// The lock of one ``VirtualTimeScheduler``, in an object of its own so that the periodic items
/// it queues can take it too: they keep their action under it, so the scheduler sees whether an
/// item is disposed while it holds the lock for its queue, without a second lock per tick.
@usableFromInline
final class VirtualTimeLock: Sendable {
    @usableFromInline
    let lock = RxLock()

    @usableFromInline
    init() {}

    /// Runs `body` while holding the lock.
    @inlinable
    func withLock<Result>(_ body: () -> Result) -> Result {
        lock.withLock { body() }
    }
}
