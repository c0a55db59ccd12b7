import RxDisposables

/// A scheduler that runs work as soon as it can: now, or after the work already queued.
public protocol ImmediateSchedulerType {
    /// Schedules `action` to run with `state`.
    ///
    /// - Returns: a disposable that cancels the action if it has not started (best effort),
    ///   and disposes whatever the action returned.
    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> any Disposable) -> any Disposable
}
