import Foundation
import RxCore
import RxDisposables

/// A scheduler that runs every action at once, on the caller's stack, even one scheduled from
/// inside another: one that observations cannot use, since it would read a model in `willSet`.
final class InlineScheduler: SchedulerType, Sendable {
    var now: RxTime { Date() }

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> any Disposable) -> any Disposable {
        action(state)
    }

    func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        action(state)
    }

    func schedulePeriodic<StateType>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> any Disposable {
        _ = action(state)
        return Disposables.create()
    }
}
