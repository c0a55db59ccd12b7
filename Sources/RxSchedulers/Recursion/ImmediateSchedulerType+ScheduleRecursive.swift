import RxCore
import RxDisposables

extension ImmediateSchedulerType {
    /// Runs `action` with `state` on this scheduler; each call of `recurse` inside it schedules
    /// the next run with a new state, so a long recursion never grows the stack.
    ///
    /// - Returns: a disposable that stops the recursion, including a run already queued.
    public func scheduleRecursive<State>(
        _ state: State, action: @escaping (_ state: State, _ recurse: (State) -> Void) -> Void
    ) -> any Disposable {
        let recursive = ImmediateRecursiveAction(action: action, scheduler: self)
        recursive.schedule(state)
        return Disposables.create(with: recursive.dispose)
    }
}
