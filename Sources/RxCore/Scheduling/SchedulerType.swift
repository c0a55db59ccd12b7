import RxDisposables

/// A scheduler that also knows time: it can run work after a delay and periodically.
///
/// `RxSchedulers` adds a default ``schedulePeriodic(_:startAfter:period:action:)`` built from
/// ``scheduleRelative(_:dueTime:action:)`` for schedulers with no periodic timer of their own.
public protocol SchedulerType: ImmediateSchedulerType {
    /// The scheduler's idea of the current time.
    var now: RxTime { get }

    /// Schedules `action` to run with `state` once `dueTime` has passed. A negative due time
    /// runs as soon as possible; `.never` never runs.
    func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable

    /// Runs `action` first after `startAfter`, then every `period`, passing each run's result
    /// to the next.
    func schedulePeriodic<StateType>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> any Disposable
}
