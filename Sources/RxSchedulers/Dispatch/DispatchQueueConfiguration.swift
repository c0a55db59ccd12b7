import Dispatch
import RxCore
import RxDisposables

/// The dispatch machinery behind the queue schedulers: runs actions on one dispatch queue,
/// now, after a delay, or periodically, with timers allowed `leeway` of slack.
///
/// Bad input has a defined answer: a negative delay runs as soon as possible; `.never` as a
/// delay schedules nothing and holds nothing; a period shorter than ``minimumPeriod``
/// (including zero and negative) runs every ``minimumPeriod`` instead of spinning a core; a
/// `.never` period runs the action once.
public struct DispatchQueueConfiguration: Sendable {
    /// The shortest period a periodic timer uses; shorter requests are raised to it.
    public static let minimumPeriod: RxTimeInterval = .milliseconds(1)

    /// The queue actions run on.
    public let queue: DispatchQueue

    /// How late a timer may fire, which lets the system coalesce wake-ups.
    public let leeway: DispatchTimeInterval

    /// A configuration for `queue` with timer slack `leeway`.
    public init(queue: DispatchQueue, leeway: DispatchTimeInterval) {
        self.queue = queue
        self.leeway = leeway
    }

    /// Runs `action` with `state` asynchronously on the queue.
    ///
    /// - Returns: a disposable that skips the action if it has not started, releasing it at
    ///   once, or disposes what it returned.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> any Disposable)
        -> any Disposable
    {
        let scheduled = ScheduledAction { action(state) }
        // In flight until the queue has run it (or skipped it, disposed): leak checks wait for it.
        PendingWork.begin()
        queue.async {
            scheduled.run()
            PendingWork.end()
        }
        return scheduled
    }

    /// Runs `action` with `state` on the queue once `dueTime` has passed, through a one-shot
    /// dispatch timer.
    ///
    /// - Returns: a disposable that cancels the timer and releases the action at once, or
    ///   disposes what the action returned.
    public func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        guard let deadline = Self.deadline(after: dueTime) else {
            return Disposables.create()
        }
        return DelayedDispatchAction(state, queue: queue, deadline: deadline, leeway: leeway, action: action)
    }

    /// Runs `action` on the queue first after `startAfter`, then every `period`, passing each
    /// run's result to the next. A repeating dispatch timer keeps the ticks from drifting, and
    /// never overlaps runs.
    ///
    /// - Returns: a disposable that cancels the timer and releases the action and state at once.
    public func schedulePeriodic<StateType>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> any Disposable {
        guard let deadline = Self.deadline(after: startAfter) else {
            return Disposables.create()
        }
        let periodic = PeriodicAction(state: state, action: action)
        let timer = SingleAssignmentDisposable()
        // In flight until disposed, or, with no period, until its one run: leak checks wait for it.
        let pending = PendingWorkToken()
        guard let periodNanoseconds = period.nanoseconds else {
            timer.setDisposable(
                DispatchTimer(queue: queue, deadline: deadline, repeating: .never, leeway: leeway) {
                    periodic.tick()
                    periodic.dispose()
                    timer.dispose()
                    pending.dispose()
                })
            return Disposables.create(timer, periodic, pending)
        }
        let minimum = Self.minimumPeriod.nanoseconds ?? 0
        let repeating = DispatchTimeInterval.nanoseconds(Int(clamping: max(periodNanoseconds, minimum)))
        timer.setDisposable(
            DispatchTimer(queue: queue, deadline: deadline, repeating: repeating, leeway: leeway) {
                periodic.tick()
            })
        return Disposables.create(timer, periodic, pending)
    }

    /// The dispatch time `interval` from now, a negative interval counting as zero; `nil` for
    /// `.never`.
    private static func deadline(after interval: RxTimeInterval) -> DispatchTime? {
        guard let nanoseconds = interval.nanoseconds else { return nil }
        return DispatchTime.now() + .nanoseconds(Int(clamping: max(nanoseconds, 0)))
    }
}
