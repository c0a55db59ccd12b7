import Dispatch
import RxCore
import RxDisposables

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// @unchecked Sendable: `queue` is touched only under `lock`.
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

    @usableFromInline
    let lock = VirtualTimeLock()
    @usableFromInline
    let converter: Converter
    // The lock already makes every access exclusive; a runtime check per access would only
    // cost time on each tick. Final, so that inlined code reads the field itself rather than
    // calling an overridable getter that copies the whole queue.
    @usableFromInline
    @exclusivity(unchecked)
    final var queue: VirtualTimeQueue<Converter>

    /// A scheduler whose clock starts at `initialClock` and is interpreted by `converter`.
    public init(initialClock: VirtualTime, converter: Converter) {
        self.converter = converter
        self.queue = VirtualTimeQueue(clock: initialClock, converter: converter)
    }

    /// The virtual clock as a real date.
    public var now: RxTime {
        converter.convertFromVirtualTime(clock)
    }

    // Inlinable, so that a subclass's adjustScheduledTime(_:), which the scheduler calls on
    // every periodic tick, reads it without a call into unspecialised generic code.
    /// The virtual clock.
    @inlinable
    public var clock: VirtualTime {
        lock.withLock { queue.clock }
    }

    /// Schedules `action` at the current virtual time, after the work already due then.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> any Disposable)
        -> any Disposable
    {
        scheduleRelative(state, dueTime: .microseconds(0), action: action)
    }

    /// Schedules `action` at `now` plus `dueTime`, converted to virtual time and passed
    /// through ``adjustScheduledTime(_:)``. A negative due time is a time already past: it
    /// runs before work due later, without moving the clock back (a test scheduler moves it to
    /// now, after the work already due now); `.never` schedules nothing and holds nothing.
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

    /// Schedules `action` at the virtual time `time`. Work runs in order of due time, so a time
    /// already past runs before work due later (and after work due earlier still), without
    /// moving the clock back.
    ///
    /// - Returns: a disposable that cancels the action and releases it at once.
    public func scheduleAbsoluteVirtual<StateType>(
        _ state: StateType, time: VirtualTime, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        let scheduled = ScheduledAction { action(state) }
        lock.withLock {
            queue.enqueue(.once(scheduled), at: time)
        }
        return scheduled
    }

    /// Runs `action` first after `startAfter`, then every `period`. Each tick queues the next
    /// one, `period` after the clock and through ``adjustScheduledTime(_:)``, just before it
    /// runs the action: work queued earlier for that next time runs before it, work the action
    /// queues runs after it. A period too short to move the clock (zero, negative, or shorter
    /// than the clock's resolution) advances it by the smallest step the converter can express
    /// (one tick) per run, instead of running forever at one instant; when the clock has no
    /// later time (the end of its range), the timer stops after its last run. A `.never`
    /// period runs the action once, and a `.never` start never runs it.
    ///
    /// - Returns: a disposable that stops the ticks and releases the action and its state at once.
    open func schedulePeriodic<StateType>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> any Disposable {
        guard let date = now.adding(startAfter) else {
            return Disposables.create()
        }
        let timer = VirtualPeriodicTimer(
            lock: lock, periodSeconds: period.seconds.map { max(0, $0) }, state: state, action: action)
        let time = adjustScheduledTime(converter.convertToVirtualTime(date))
        lock.withLock {
            queue.enqueue(.periodic(timer), at: time)
        }
        return timer
    }

    /// The due time work scheduled for `time` is queued at; the base class keeps it unchanged.
    ///
    /// The scheduler calls it, outside its lock, for every due time it queues: for
    /// ``scheduleRelative(_:dueTime:action:)`` (and so ``schedule(_:action:)``), for the first
    /// tick of ``schedulePeriodic(_:startAfter:period:action:)``, and for each later tick.
    open func adjustScheduledTime(_ time: VirtualTime) -> VirtualTime {
        time
    }

    /// Runs queued work in virtual-time order, moving the clock to each item's due time, until
    /// the queue is empty or ``stop()`` is called. Does nothing when already running.
    open func start() {
        runUntilIdle()
    }

    /// Runs the work due up to and including `virtualTime`, then sets the clock to it.
    ///
    /// - Precondition: the scheduler is not running, and `virtualTime` is not earlier than the
    ///   clock.
    open func advanceTo(_ virtualTime: VirtualTime) {
        advance(to: virtualTime)
    }

    /// Moves the clock forward by `virtualInterval` without running anything.
    ///
    /// - Precondition: `virtualInterval` does not move the clock back.
    open func sleep(_ virtualInterval: VirtualTimeInterval) {
        lock.withLock {
            let target = converter.offsetVirtualTime(queue.clock, offset: virtualInterval)
            if converter.compareVirtualTime(target, queue.clock) == .lessThan {
                rxFatalError(
                    "VirtualTimeScheduler.sleep(_:): virtualInterval \(virtualInterval) would move the clock back")
            }
            queue.clock = target
        }
    }

    /// Makes ``start()`` or ``advanceTo(_:)`` return after the action that is running now.
    open func stop() {
        lock.withLock {
            queue.running = false
        }
    }

    /// How many scheduled actions and periodic timers are still waiting to run: queued work
    /// that has been disposed is not counted, even before the queue drops it.
    ///
    /// A test can read it after disposing a subscription to prove that every timer the
    /// subscription scheduled was cancelled.
    public var pendingWorkCount: Int {
        lock.withLock {
            queue.heap.reduce(0) { count, entry in entry.item.isDisposedUnderLock ? count : count + 1 }
        }
    }

    /// The clock and the number of queued items, for debugging.
    public var debugDescription: String {
        lock.withLock {
            "VirtualTimeScheduler(clock: \(queue.clock), queued: \(queue.heap.count))"
        }
    }

    /// ``start()``'s body, for a subclass that overrides ``start()`` only so that this code is
    /// specialised for its clock.
    @inlinable
    package final func runUntilIdle() {
        let began: Bool = lock.withLock {
            if queue.running { return false }
            queue.running = true
            return true
        }
        guard began else { return }
        runQueuedWork(notAfter: nil)
        lock.withLock {
            queue.running = false
        }
    }

    /// ``advanceTo(_:)``'s body, for a subclass that overrides ``advanceTo(_:)`` only so that
    /// this code is specialised for its clock.
    @inlinable
    package final func advance(to virtualTime: VirtualTime) {
        lock.withLock {
            if queue.running {
                rxFatalError("VirtualTimeScheduler.advanceTo(_:) was called while the scheduler is running")
            }
            if converter.compareVirtualTime(virtualTime, queue.clock) == .lessThan {
                rxFatalError(
                    "VirtualTimeScheduler.advanceTo(_:): virtualTime \(virtualTime) is earlier than the clock \(queue.clock)"
                )
            }
            queue.running = true
        }
        runQueuedWork(notAfter: virtualTime)
        lock.withLock {
            queue.clock = virtualTime
            queue.running = false
        }
    }

    /// Runs the live work due no later than `limit`, one item at a time, each outside the lock.
    @inlinable
    final func runQueuedWork(notAfter limit: VirtualTime?) {
        while true {
            let turn = lock.withLock { queue.takeTurn(notAfter: limit) }
            if let action = turn.action {
                action.run()
                continue
            }
            guard let tick = turn.tick else { return }
            if let next = turn.nextTime {
                // The next tick is queued already, so that the tick's own work runs after it;
                // only a subclass that moves times later than the clock moves it again.
                let adjusted = adjustScheduledTime(next)
                if converter.compareVirtualTime(adjusted, next) != .equal {
                    lock.withLock { queue.move(entry: turn.nextId, to: adjusted) }
                }
            }
            tick()
        }
    }
}
