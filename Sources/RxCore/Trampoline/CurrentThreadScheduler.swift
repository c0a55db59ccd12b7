import RxDisposables

/// A trampoline on the calling thread: work scheduled while the trampoline runs waits until the
/// current action returns, then runs in the order it was scheduled.
///
/// The first ``schedule(_:action:)`` on a thread runs its action at once and then drains the
/// queue of everything scheduled meanwhile, including work scheduled by that work. Items
/// disposed before their turn are skipped. Each thread has its own queue; nothing is shared.
///
/// ``Producer`` subscribes through this trampoline, which is why, for example, two nested
/// sequences built with `of` interleave instead of running one inside the other.
public final class CurrentThreadScheduler: ImmediateSchedulerType, Sendable {
    /// The scheduler; all its state is per thread.
    public static let instance = CurrentThreadScheduler()

    private init() {}

    /// Whether no trampoline is running on this thread, so that scheduling would run the
    /// action at once and drain the queue.
    public static var isScheduleRequired: Bool {
        !(TrampolineQueue.existingForCurrentThread?.isRunning ?? false)
    }

    /// Runs `action` now if no trampoline runs on this thread, else queues it after the work
    /// already queued.
    ///
    /// - Returns: the action's disposable when it ran at once; otherwise a disposable that
    ///   skips the queued action and disposes what it returned.
    @inlinable
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> any Disposable)
        -> any Disposable
    {
        TrampolineQueue.withCurrentThread { queue in
            if queue.isRunning {
                // Inlined where `StateType` is known, so that the action is the only allocation.
                let queued = TrampolineAction.holding(state, action, reusing: queue.takeSpareAction())
                queue.enqueue(queued)
                // A value that refers to the action, not the action itself: nothing outside the
                // framework can hold it weakly or unowned, so once the queue holds the only
                // reference it may reuse it (see `TrampolineQueue.drain()`).
                return TrampolineAction.Handle(queued)
            }
            return queue.runAsFirstAction { action(state) }
        }
    }

    /// Runs, now and on this thread, the work waiting on this thread's running trampoline, in
    /// order and including what that work schedules, until none is left; does nothing when no
    /// trampoline runs here.
    ///
    /// For a caller that must wait, inside a trampoline action, for work it has just queued on
    /// that trampoline (RxBlocking): the work would otherwise run only after the caller returned.
    /// Running it early keeps its order, since only this thread can queue on its trampoline.
    package static func drainQueuedWorkOfRunningTrampoline() {
        guard let queue = TrampolineQueue.existingForCurrentThread, queue.isRunning else { return }
        queue.drain()
    }

    /// Runs `body` at once, as an action of this thread's trampoline: when no trampoline runs
    /// yet, `body` runs as its first action, and the work it schedules runs after it returns.
    ///
    /// This is what ``schedule(_:action:)`` does when it need not queue, for callers that run
    /// their work now in any case, such as ``Producer``: it needs no escaping closure, so no
    /// closure context is allocated.
    @inlinable
    package static func runNow<Result>(_ body: () -> Result) -> Result {
        TrampolineQueue.withCurrentThread { queue in
            queue.isRunning ? body() : queue.runAsFirstAction(body)
        }
    }
}
