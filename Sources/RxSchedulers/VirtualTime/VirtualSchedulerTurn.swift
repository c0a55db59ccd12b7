/// What a ``VirtualTimeScheduler`` runs next, outside its lock, once it took the work from its
/// queue under the lock. Nothing set means nothing more to run now: the scheduler was stopped,
/// or nothing more is due.
///
/// A struct of optionals rather than an enum: releasing it takes three nil checks, where the
/// enum was released through its value witness on every tick.
@usableFromInline
struct VirtualSchedulerTurn {
    /// A one-off action to run.
    @usableFromInline
    var action: ScheduledAction?
    /// A periodic item's action to run; its next tick is already queued, or it has none,
    /// unless `rearm` is set.
    @usableFromInline
    var tick: (() -> Void)?
    /// A periodic item whose next tick the scheduler queues `seconds` after the clock, outside
    /// the lock, before it runs `tick`.
    @usableFromInline
    var rearm: VirtualPeriodicItem?
    @usableFromInline
    var seconds: Double

    @inlinable
    init(
        action: ScheduledAction? = nil, tick: (() -> Void)? = nil, rearm: VirtualPeriodicItem? = nil,
        seconds: Double = 0
    ) {
        self.action = action
        self.tick = tick
        self.rearm = rearm
        self.seconds = seconds
    }
}
