/// What a ``VirtualTimeScheduler`` runs next, outside its lock, once it took the work from its
/// queue under the lock.
@usableFromInline
enum VirtualSchedulerTurn {
    /// Nothing more to run now: the scheduler was stopped, or nothing more is due.
    case idle
    /// Run a one-off action.
    case run(ScheduledAction)
    /// Run a periodic item's action; its next tick is already queued, or it has none.
    case tick(() -> Void)
    /// Queue a periodic item's next tick `seconds` after the clock, then run its action.
    case rearmThenTick(VirtualPeriodicItem, seconds: Double, tick: () -> Void)
}
