import RxCore
import RxDisposables

// @unchecked Sendable: all mutable state lives in `group`, which guards it with its lock.
/// Runs a recursive action on an immediate scheduler: each call of `recurse` schedules the
/// next run on the same scheduler instead of calling the action on the current stack.
final class ImmediateRecursiveAction<State>: @unchecked Sendable {
    typealias Action = (_ state: State, _ recurse: (State) -> Void) -> Void

    private let scheduler: any ImmediateSchedulerType
    private let group: RecursiveSchedulingGroup<Action>

    init(action: @escaping Action, scheduler: any ImmediateSchedulerType) {
        self.scheduler = scheduler
        self.group = RecursiveSchedulingGroup(action: action)
    }

    /// Schedules one run of the action with `state`.
    func schedule(_ state: State) {
        group.submit(
            state,
            through: { state, job in self.scheduler.schedule(state, action: job) },
            run: { action, state in action(state, self.schedule) }
        )
    }

    /// Stops the recursion, including runs already queued.
    func dispose() {
        group.dispose()
    }
}
