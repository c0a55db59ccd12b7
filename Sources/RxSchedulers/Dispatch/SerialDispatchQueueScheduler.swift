import Dispatch
import RxCore
import RxDisposables

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// The `SchedulerType` members below only forward to `configuration`, which holds what this
// scheduler shares with the other dispatch queue scheduler. Each public class declares them itself:
// a public protocol's requirements need public members, and sharing them through a common base
// class or protocol would add a public type that RxSwift does not have.
// @unchecked Sendable: the configuration is immutable; subclasses guard their own state.
/// Runs work on a serial dispatch queue: one action at a time, in the order scheduled.
///
/// Actions scheduled with ``schedule(_:action:)`` run in scheduling order; timed actions run
/// when their timers fire, still one at a time. Scheduling from inside an action, or while the
/// queue is busy, queues behind the work already there. Use it to move work off the calling
/// thread while keeping events serial, for `observe(on:)` and `subscribe(on:)`.
///
/// Timers follow ``DispatchQueueConfiguration``: a negative delay runs as soon as possible,
/// `.never` schedules nothing, and periods below ``DispatchQueueConfiguration/minimumPeriod``
/// are raised to it.
public class SerialDispatchQueueScheduler: SchedulerType, @unchecked Sendable {
    /// The scheduler's time unit, kept for source compatibility with RxSwift.
    public typealias TimeInterval = Double

    /// The scheduler's point in time, kept for source compatibility with RxSwift.
    public typealias Time = Date

    /// The current wall-clock time.
    public var now: Date {
        Date()
    }

    let configuration: DispatchQueueConfiguration

    init(serialQueue: DispatchQueue, leeway: DispatchTimeInterval = .nanoseconds(0)) {
        configuration = DispatchQueueConfiguration(queue: serialQueue, leeway: leeway)
    }

    /// A scheduler on a new serial queue named `internalSerialQueueName`, which
    /// `serialQueueConfiguration` may adjust before first use.
    public convenience init(
        internalSerialQueueName: String, serialQueueConfiguration: ((DispatchQueue) -> Void)? = nil,
        leeway: DispatchTimeInterval = .nanoseconds(0)
    ) {
        let queue = DispatchQueue(label: internalSerialQueueName)
        serialQueueConfiguration?(queue)
        self.init(serialQueue: queue, leeway: leeway)
    }

    /// A scheduler on a new serial queue named `internalSerialQueueName` that targets `queue`,
    /// so work is serial even when `queue` is concurrent.
    public convenience init(
        queue: DispatchQueue, internalSerialQueueName: String, leeway: DispatchTimeInterval = .nanoseconds(0)
    ) {
        self.init(serialQueue: DispatchQueue(label: internalSerialQueueName, target: queue), leeway: leeway)
    }

    /// A scheduler on a new serial queue that targets the global queue of quality of service `qos`.
    public convenience init(
        qos: DispatchQoS, internalSerialQueueName: String = "rx.global_dispatch_queue.serial",
        leeway: DispatchTimeInterval = .nanoseconds(0)
    ) {
        self.init(
            queue: DispatchQueue.global(qos: qos.qosClass), internalSerialQueueName: internalSerialQueueName,
            leeway: leeway)
    }

    /// Runs `action` with `state` on the queue, after the work already queued.
    public final func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> any Disposable)
        -> any Disposable
    {
        scheduleInternal(state, action: action)
    }

    /// The immediate scheduling that ``MainScheduler`` refines.
    func scheduleInternal<StateType>(_ state: StateType, action: @escaping (StateType) -> any Disposable)
        -> any Disposable
    {
        configuration.schedule(state, action: action)
    }

    /// Runs `action` with `state` on the queue once `dueTime` has passed.
    public final func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        configuration.scheduleRelative(state, dueTime: dueTime, action: action)
    }

    /// Runs `action` on the queue after `startAfter`, then every `period`, threading the state.
    public func schedulePeriodic<StateType>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> any Disposable {
        configuration.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
    }
}
