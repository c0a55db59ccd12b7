import RxCore
import RxDisposables

extension SchedulerType {
    /// Runs `action` with `state` once `dueTime` has passed; the action schedules its next run,
    /// now or after a delay, through the ``AnyRecursiveScheduler`` it receives.
    ///
    /// - Returns: a disposable that stops the recursion, including runs already queued.
    public func scheduleRecursive<State>(
        _ state: State, dueTime: RxTimeInterval, action: @escaping (State, AnyRecursiveScheduler<State>) -> Void
    ) -> any Disposable {
        let recursive = AnyRecursiveScheduler(scheduler: self, action: action)
        recursive.schedule(state, dueTime: dueTime)
        return Disposables.create(with: recursive.dispose)
    }
}
