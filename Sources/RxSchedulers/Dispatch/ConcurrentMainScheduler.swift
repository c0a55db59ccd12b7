import Dispatch
import RxCore
import RxDisposables

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Runs work on the main queue, at once whenever the caller is already there.
///
/// Unlike ``MainScheduler/instance`` it does not check for queued work first, so an action
/// scheduled on the main queue can overtake one scheduled earlier from another thread. That
/// suits `subscribe(on:)`, where only the queue matters; for delivering events, prefer
/// ``MainScheduler``. Timed work goes through ``MainScheduler/instance``. The Linux caveat of
/// ``MainScheduler`` applies: the main queue runs only while the main thread services it.
public final class ConcurrentMainScheduler: SchedulerType, Sendable {
    /// The scheduler's time unit, kept for source compatibility with RxSwift.
    public typealias TimeInterval = Double

    /// The scheduler's point in time, kept for source compatibility with RxSwift.
    public typealias Time = Date

    private let mainScheduler: MainScheduler

    private init(mainScheduler: MainScheduler) {
        self.mainScheduler = mainScheduler
    }

    /// The shared scheduler.
    public static let instance = ConcurrentMainScheduler(mainScheduler: .instance)

    /// The current wall-clock time.
    public var now: Date {
        mainScheduler.now
    }

    /// Runs `action` with `state` now when on the main queue, else queues it there.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> any Disposable)
        -> any Disposable
    {
        if MainQueue.isCurrent {
            return action(state)
        }
        let scheduled = ScheduledAction { action(state) }
        PendingWork.begin()
        DispatchQueue.main.async {
            scheduled.run()
            PendingWork.end()
        }
        return scheduled
    }

    /// Runs `action` with `state` on the main queue once `dueTime` has passed.
    public func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        mainScheduler.scheduleRelative(state, dueTime: dueTime, action: action)
    }

    /// Runs `action` on the main queue after `startAfter`, then every `period`, threading the state.
    public func schedulePeriodic<StateType>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> any Disposable {
        mainScheduler.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
    }
}
