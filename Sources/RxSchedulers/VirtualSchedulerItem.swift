import RxDisposables

// @unchecked Sendable: `time` and `id` are constants; the base class guards the rest.
/// One action waiting in a ``VirtualTimeScheduler``'s queue, with the due time and sequence
/// number that order it.
///
/// Disposing releases the action at once, even though the scheduler drops the item from its
/// queue only when it reaches it or sweeps the queue.
final class VirtualSchedulerItem<Time>: ScheduledAction, @unchecked Sendable {
    let time: Time
    let id: UInt64

    init(time: Time, id: UInt64, action: @escaping () -> any Disposable) {
        self.time = time
        self.id = id
        super.init(action)
    }
}
