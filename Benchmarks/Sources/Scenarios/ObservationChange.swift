import Dispatch
import Foundation
import Observation
import RxCore
import RxDisposables
import RxObservation
import Synchronization

/// `observation_change`: one change of an `@Observable` property delivered to a subscriber, per
/// change. Each change is made, then the scheduler's queue is drained, which runs the read that
/// the change asked for; its value reaches the subscriber.
///
/// The floor is `withObservationTracking` re-armed by hand with the same scheduling: its
/// `onChange` schedules, on the same queue scheduler, a closure that reads the property under a
/// new tracking and hands the value on. `observations` iterates Swift's own `Observations`, each
/// change followed by one `next()`, in one task the calling thread waits for.
enum ObservationChange {
    /// The scenario, as the catalog lists it.
    static let scenario = Scenario(
        name: "observation_change", unit: "change", unitsPerIteration: 1_000,
        sides: [
            .init(name: "rx", run: rx(changes:)),
            .init(name: "floor", run: floor(changes:)),
            .init(name: "observations", run: observations(changes:)),
        ],
        expectedChecksum: expected(changes:))

    static func rx(changes: Int) -> Int {
        let model = CountModel()
        let scheduler = QueueScheduler()
        let total = Accumulator()
        let subscription = Observable.observations(scheduler: scheduler) { model.value }
            .subscribe(onNext: { total.sum &+= $0 })
        scheduler.drain()
        for change in 1...changes {
            model.value = change
            scheduler.drain()
        }
        subscription.dispose()
        return total.sum
    }

    static func floor(changes: Int) -> Int {
        let model = CountModel()
        let scheduler = QueueScheduler()
        let total = Accumulator()
        let deliver: (Int) -> Void = opaque { total.sum &+= $0 }
        // Reads under a new tracking, whose change schedules the next read; hands the value on.
        let readAndArm = Rearm()
        readAndArm.body = { [unowned readAndArm] in
            let value = withObservationTracking {
                model.value
            } onChange: {
                _ = scheduler.schedule(()) { _ in
                    readAndArm.body()
                    return Disposables.create()
                }
            }
            deliver(value)
        }
        _ = scheduler.schedule(()) { _ in
            readAndArm.body()
            return Disposables.create()
        }
        scheduler.drain()
        for change in 1...changes {
            model.value = change
            scheduler.drain()
        }
        return total.sum
    }

    static func observations(changes: Int) -> Int {
        waitForTask {
            let model = CountModel()
            var values = Observations { model.value }.makeAsyncIterator()
            var sum = await values.next() ?? -1
            for change in 1...changes {
                model.value = change
                sum &+= await values.next() ?? -1
            }
            return sum
        }
    }

    static func expected(changes: Int) -> Int {
        changes * (changes + 1) / 2
    }

    /// Runs `body` in a detached task and waits for its result on the calling thread.
    private static func waitForTask(_ body: @escaping @Sendable () async -> Int) -> Int {
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox()
        Task.detached {
            box.sum.store(await body(), ordering: .releasing)
            done.signal()
        }
        done.wait()
        return box.sum.load(ordering: .acquiring)
    }
}

// @unchecked Sendable: each run touches its model from one thread (or one task) only.
/// The observed model: one integer property.
@Observable final class CountModel: @unchecked Sendable {
    var value = 0
}

// @unchecked Sendable: the floor's one thread sets `body` once, then only calls it.
/// The floor's read-and-arm closure, which its own change handler calls again.
private final class Rearm: @unchecked Sendable {
    var body: () -> Void = {}
}

/// Where a detached task leaves its checksum for the waiting thread.
private final class ResultBox: Sendable {
    let sum = Atomic<Int>(0)
}

// @unchecked Sendable: used from the one thread that schedules and drains.
/// A scheduler that queues every action and runs the queue when told: what a run loop does
/// between two events, with nothing else in the way.
final class QueueScheduler: SchedulerType, @unchecked Sendable {
    private var queue: [() -> Void] = []

    var now: RxTime { Date() }

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> any Disposable) -> any Disposable {
        queue.append { _ = action(state) }
        return Disposables.create()
    }

    func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        schedule(state, action: action)
    }

    func schedulePeriodic<StateType>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> any Disposable {
        Disposables.create()
    }

    /// Runs the queued actions, and those they queue, until none is left.
    func drain() {
        while !queue.isEmpty {
            let actions = queue
            queue.removeAll(keepingCapacity: true)
            for action in actions { action() }
        }
    }
}
