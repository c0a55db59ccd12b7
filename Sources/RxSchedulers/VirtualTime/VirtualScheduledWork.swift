/// What a ``VirtualTimeScheduler`` queues: an action that runs once, or a periodic item that the
/// scheduler queues again, with a new due time and sequence number, each time it runs.
@usableFromInline
enum VirtualScheduledWork {
    case once(ScheduledAction)
    case periodic(VirtualPeriodicItem)

    /// Whether the work was cancelled. The caller holds the scheduler's lock, which guards the
    /// periodic items' state.
    @inlinable
    var isDisposedUnderLock: Bool {
        switch self {
        case .once(let action): action.isDisposed
        case .periodic(let item): item.tickUnderLock == nil
        }
    }
}
