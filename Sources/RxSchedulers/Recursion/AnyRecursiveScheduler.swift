import RxCore
import RxDisposables

// @unchecked Sendable: all mutable state lives in `group`, which guards it with its lock.
/// The handle a recursive action on a ``/RxCore/SchedulerType`` receives to schedule its next
/// run, now or after a delay.
///
/// Disposing the disposable that `scheduleRecursive(_:dueTime:action:)` returned stops the
/// recursion: pending runs are cancelled and later `schedule` calls run nothing.
public final class AnyRecursiveScheduler<State>: @unchecked Sendable {
    /// The recursive action: the state of this run and the handle to schedule the next.
    public typealias Action = (State, AnyRecursiveScheduler<State>) -> Void

    private let scheduler: any SchedulerType
    private let group: RecursiveSchedulingGroup<Action>

    init(scheduler: any SchedulerType, action: @escaping Action) {
        self.scheduler = scheduler
        self.group = RecursiveSchedulingGroup(action: action)
    }

    /// Schedules the next run with `state` once `dueTime` has passed.
    public func schedule(_ state: State, dueTime: RxTimeInterval) {
        group.submit(
            state,
            through: { state, job in self.scheduler.scheduleRelative(state, dueTime: dueTime, action: job) },
            run: { action, state in action(state, self) }
        )
    }

    /// Schedules the next run with `state` as soon as the scheduler can.
    public func schedule(_ state: State) {
        group.submit(
            state,
            through: { state, job in self.scheduler.schedule(state, action: job) },
            run: { action, state in action(state, self) }
        )
    }

    /// Stops the recursion, including runs already queued.
    public func dispose() {
        group.dispose()
    }
}
