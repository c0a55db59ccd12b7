import Dispatch
import RxCore
import RxDisposables

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// @unchecked Sendable: `running`, `currentClock`, `queue`, `nextId` and `compactionThreshold` are touched only under `lock`.
/// A scheduler whose clock moves only when told to: work waits in a queue ordered by virtual
/// due time and runs when ``start()`` or ``advanceTo(_:)`` reaches it.
///
/// Work due at the same virtual time runs in the order it was scheduled. Running work moves
/// the clock forward to its due time, never back. The scheduler has no thread affinity: any
/// thread may schedule, dispose or drive it, and actions run on the thread that drives it,
/// outside the scheduler's lock, so they may schedule more work. Driving it from two threads
/// at once is a programmer error.
///
/// Subclasses such as a test scheduler adjust due times through ``adjustScheduledTime(_:)``.
open class VirtualTimeScheduler<Converter: VirtualTimeConverterType>: SchedulerType,
    CustomDebugStringConvertible, @unchecked Sendable
{
    /// A point on this scheduler's virtual clock.
    public typealias VirtualTime = Converter.VirtualTimeUnit

    /// A distance on this scheduler's virtual clock.
    public typealias VirtualTimeInterval = Converter.VirtualTimeIntervalUnit

    private let lock = RxLock()
    private let converter: Converter
    private var running = false
    private var currentClock: VirtualTime
    private var queue: PriorityQueue<VirtualSchedulerItem<VirtualTime>>
    private var nextId: UInt64 = 0
    private var compactionThreshold = VirtualTimeScheduler.minimumCompactionThreshold

    // Disposed items release their action at once but stay queued until reached; sweeping them
    // whenever the queue doubles keeps a schedule-and-cancel loop from growing it without bound.
    private static var minimumCompactionThreshold: Int { 64 }

    /// A scheduler whose clock starts at `initialClock` and is interpreted by `converter`.
    public init(initialClock: VirtualTime, converter: Converter) {
        self.currentClock = initialClock
        self.converter = converter
        self.queue = PriorityQueue { lhs, rhs in
            switch converter.compareVirtualTime(lhs.time, rhs.time) {
            case .lessThan: true
            case .equal: lhs.id < rhs.id
            case .greaterThan: false
            }
        }
    }

    /// The virtual clock as a real date.
    public var now: RxTime {
        converter.convertFromVirtualTime(clock)
    }

    /// The virtual clock.
    public var clock: VirtualTime {
        lock.withLock { currentClock }
    }

    /// Schedules `action` at the current virtual time, after the work already due then.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> any Disposable)
        -> any Disposable
    {
        scheduleRelative(state, dueTime: .microseconds(0), action: action)
    }

    /// Schedules `action` at `now` plus `dueTime`, converted to virtual time and passed
    /// through ``adjustScheduledTime(_:)``. A negative due time runs after the work already
    /// due; `.never` schedules nothing and holds nothing.
    public func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        guard let date = now.adding(dueTime) else {
            return Disposables.create()
        }
        let time = adjustScheduledTime(converter.convertToVirtualTime(date))
        return scheduleAbsoluteVirtual(state, time: time, action: action)
    }

    /// Schedules `action` at the clock plus `dueTime`, in virtual units.
    public func scheduleRelativeVirtual<StateType>(
        _ state: StateType, dueTime: VirtualTimeInterval, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        let time = converter.offsetVirtualTime(clock, offset: dueTime)
        return scheduleAbsoluteVirtual(state, time: time, action: action)
    }

    /// Schedules `action` at the virtual time `time`. A time already past runs after the work
    /// already due, without moving the clock back.
    ///
    /// - Returns: a disposable that cancels the action and releases it at once.
    public func scheduleAbsoluteVirtual<StateType>(
        _ state: StateType, time: VirtualTime, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        let item = lock.withLock {
            let item = VirtualSchedulerItem(time: time, id: nextId) { action(state) }
            nextId += 1
            queue.enqueue(item)
            if queue.count >= compactionThreshold {
                queue.retain { !$0.isDisposed }
                compactionThreshold = max(Self.minimumCompactionThreshold, queue.count * 2)
            }
            return item
        }
        return item
    }

    /// Runs `action` first after `startAfter`, then every `period`, through relative
    /// scheduling. A zero or negative period advances the clock by the smallest step the
    /// converter can express (one tick) per run, instead of running forever at one instant.
    open func schedulePeriodic<StateType>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> any Disposable {
        let effectivePeriod = (period.nanoseconds ?? 1) > 0 ? period : smallestAdvancingInterval()
        return SchedulePeriodicRecursive(
            scheduler: self, startAfter: startAfter, period: effectivePeriod, action: action, state: state
        ).start()
    }

    /// The due time work scheduled for `time` is queued at; the base class keeps it unchanged.
    open func adjustScheduledTime(_ time: VirtualTime) -> VirtualTime {
        time
    }

    /// Runs queued work in virtual-time order, moving the clock to each item's due time, until
    /// the queue is empty or ``stop()`` is called. Does nothing when already running.
    open func start() {
        let began: Bool = lock.withLock {
            if running { return false }
            running = true
            return true
        }
        guard began else { return }
        while let item = nextItem(notAfter: nil) {
            item.run()
        }
        lock.withLock {
            running = false
        }
    }

    /// Runs the work due up to and including `virtualTime`, then sets the clock to it.
    ///
    /// - Precondition: the scheduler is not running, and `virtualTime` is not earlier than the
    ///   clock.
    open func advanceTo(_ virtualTime: VirtualTime) {
        lock.withLock {
            if running {
                rxFatalError("VirtualTimeScheduler.advanceTo(_:) was called while the scheduler is running")
            }
            if converter.compareVirtualTime(virtualTime, currentClock) == .lessThan {
                rxFatalError(
                    "VirtualTimeScheduler.advanceTo(_:): virtualTime \(virtualTime) is earlier than the clock \(currentClock)"
                )
            }
            running = true
        }
        while let item = nextItem(notAfter: virtualTime) {
            item.run()
        }
        lock.withLock {
            currentClock = virtualTime
            running = false
        }
    }

    /// Moves the clock forward by `virtualInterval` without running anything.
    ///
    /// - Precondition: `virtualInterval` does not move the clock back.
    open func sleep(_ virtualInterval: VirtualTimeInterval) {
        lock.withLock {
            let target = converter.offsetVirtualTime(currentClock, offset: virtualInterval)
            if converter.compareVirtualTime(target, currentClock) == .lessThan {
                rxFatalError(
                    "VirtualTimeScheduler.sleep(_:): virtualInterval \(virtualInterval) would move the clock back")
            }
            currentClock = target
        }
    }

    /// Makes ``start()`` or ``advanceTo(_:)`` return after the action that is running now.
    open func stop() {
        lock.withLock {
            running = false
        }
    }

    /// The clock and the number of queued items, for debugging.
    public var debugDescription: String {
        lock.withLock {
            "VirtualTimeScheduler(clock: \(currentClock), queued: \(queue.count))"
        }
    }

    /// Takes the next live item due no later than `limit`, moving the clock to its due time.
    private func nextItem(notAfter limit: VirtualTime?) -> VirtualSchedulerItem<VirtualTime>? {
        lock.withLock {
            guard running else { return nil }
            while let front = queue.first {
                if front.isDisposed {
                    _ = queue.dequeue()
                    continue
                }
                if let limit, converter.compareVirtualTime(front.time, limit) == .greaterThan {
                    return nil
                }
                _ = queue.dequeue()
                if converter.compareVirtualTime(front.time, currentClock) == .greaterThan {
                    currentClock = front.time
                }
                return front
            }
            return nil
        }
    }

    /// The shortest real interval that, added to `now`, lands on a later virtual time: one tick
    /// of this clock.
    private func smallestAdvancingInterval() -> RxTimeInterval {
        let start = now
        let clock = converter.convertToVirtualTime(start)
        var nanoseconds: Int64 = 1
        while nanoseconds < Int64.max / 2 {
            let later = converter.convertToVirtualTime(start.addingTimeInterval(Double(nanoseconds) / 1e9))
            if converter.compareVirtualTime(later, clock) == .greaterThan {
                return .nanoseconds(Int(nanoseconds))
            }
            nanoseconds *= 2
        }
        rxFatalError("VirtualTimeScheduler.schedulePeriodic: the converter maps no positive interval past the clock")
    }
}
