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
// @unchecked Sendable: the configuration is immutable.
/// Runs work on a dispatch queue that may run several actions at once.
///
/// Separately scheduled actions may run in parallel and in any order, so use it for
/// independent background work (`subscribe(on:)`), not where events must stay serial. One
/// periodic timer still never overlaps its own runs.
public class ConcurrentDispatchQueueScheduler: SchedulerType, @unchecked Sendable {
    /// The scheduler's time unit, kept for source compatibility with RxSwift.
    public typealias TimeInterval = Double

    /// The scheduler's point in time, kept for source compatibility with RxSwift.
    public typealias Time = Date

    /// The current wall-clock time.
    public var now: Date {
        Date()
    }

    let configuration: DispatchQueueConfiguration

    /// A scheduler on `queue`, usually a concurrent one.
    public init(queue: DispatchQueue, leeway: DispatchTimeInterval = .nanoseconds(0)) {
        configuration = DispatchQueueConfiguration(queue: queue, leeway: leeway)
    }

    /// A scheduler on a new concurrent queue of quality of service `qos`.
    public convenience init(qos: DispatchQoS, leeway: DispatchTimeInterval = .nanoseconds(0)) {
        let queue = DispatchQueue(label: "rxswift.queue.\(qos.qosClass)", qos: qos, attributes: .concurrent)
        self.init(queue: queue, leeway: leeway)
    }

    /// Runs `action` with `state` on the queue.
    public final func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> any Disposable)
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
