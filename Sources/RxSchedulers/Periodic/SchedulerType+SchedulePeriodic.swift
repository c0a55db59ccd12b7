import RxCore
import RxDisposables

extension SchedulerType {
    /// Runs `action` first after `startAfter`, then every `period`, passing each run's result
    /// to the next; the default for schedulers without a periodic timer of their own.
    ///
    /// Each tick is scheduled relative to the previous one with
    /// `scheduleRelative(_:dueTime:action:)`. Runs never overlap: ticks
    /// that fall due while a run is busy are run one after another once it returns. A `.never`
    /// period runs the action once; a `.never` start runs nothing.
    ///
    /// - Returns: a disposable that stops the ticks, including one already queued.
    public func schedulePeriodic<StateType>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> any Disposable {
        SchedulePeriodicRecursive(
            scheduler: self, startAfter: startAfter, period: period, action: action, state: state
        ).start()
    }
}
