import Dispatch
import RxCore
import RxDisposables
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

/// Pins where a periodic tick on virtual time falls among other work due at the same instant:
/// each tick schedules the next one, relative to the clock, just before it runs the action. So
/// work queued earlier for that instant runs first, and work the action queues for the next
/// tick runs after it.
final class SchedulePeriodicOrderingTests: RxTestCase {
    func testWorkQueuedBeforehandForATickRunsBeforeEveryTickButTheFirst() {
        forEachScheduler { scheduler in
            let log = Log<String>()
            let periodic = scheduler.schedulePeriodic(0, startAfter: .seconds(1), period: .seconds(1)) { state in
                log.append("p\(state)@\(scheduler.clock)")
                return state + 1
            }
            for time in [1, 3] {
                _ = scheduler.scheduleAbsoluteVirtual((), time: time) { _ in
                    log.append("x@\(scheduler.clock)")
                    return Disposables.create()
                }
            }
            scheduler.advanceTo(4)
            periodic.dispose()
            return log.values
        } expect: {
            ["p0@1", "x@1", "p1@2", "x@3", "p2@3", "p3@4"]
        }
    }

    func testWorkTheActionQueuesForTheNextTickRunsAfterThatTick() {
        forEachScheduler { scheduler in
            let log = Log<String>()
            let periodic = scheduler.schedulePeriodic(0, startAfter: .seconds(1), period: .seconds(1)) { state in
                log.append("p\(state)@\(scheduler.clock)")
                if state == 1 {
                    _ = scheduler.scheduleRelative((), dueTime: .seconds(1)) { _ in
                        log.append("y@\(scheduler.clock)")
                        return Disposables.create()
                    }
                }
                return state + 1
            }
            scheduler.advanceTo(3)
            periodic.dispose()
            return log.values
        } expect: {
            ["p0@1", "p1@2", "p2@3", "y@3"]
        }
    }

    func testTwoPeriodicsDueTogetherRunInTheOrderTheirTicksWereQueued() {
        forEachScheduler { scheduler in
            let log = Log<String>()
            let first = scheduler.schedulePeriodic((), startAfter: .seconds(3), period: .seconds(1)) { _ in
                log.append("a@\(scheduler.clock)")
            }
            let second = scheduler.schedulePeriodic((), startAfter: .seconds(1), period: .seconds(2)) { _ in
                log.append("b@\(scheduler.clock)")
            }
            scheduler.advanceTo(5)
            first.dispose()
            second.dispose()
            return log.values
        } expect: {
            // At 3, a's first tick was queued before b's; at 5, b's was queued (at 3) before a's (at 4).
            ["b@1", "a@3", "b@3", "a@4", "b@5", "a@5"]
        }
    }

    func testEachTickIsScheduledRelativeToTheClockWithRounding() {
        forEachScheduler { scheduler in
            let log = Log<String>()
            let periodic = scheduler.schedulePeriodic((), startAfter: .milliseconds(1500), period: .milliseconds(1500))
            {
                _ in
                log.append("\(scheduler.clock)")
            }
            scheduler.advanceTo(8)
            periodic.dispose()
            return log.values
        } expect: {
            // 1.5 ticks round up to 2 every time, from the clock of the previous tick.
            ["2", "4", "6", "8"]
        }
    }

    func testATickReachedLateSchedulesTheNextFromTheClock() {
        forEachScheduler { scheduler in
            let log = Log<String>()
            let periodic = scheduler.schedulePeriodic((), startAfter: .seconds(1), period: .seconds(1)) { _ in
                log.append("\(scheduler.clock)")
            }
            scheduler.advanceTo(2)
            scheduler.sleep(5)
            scheduler.advanceTo(9)
            periodic.dispose()
            return log.values
        } expect: {
            ["1", "2", "7", "8", "9"]
        }
    }

    func testDisposingFromWorkDueBeforeATickSkipsThatTick() {
        forEachScheduler { scheduler in
            let log = Log<String>()
            let periodic = SingleAssignmentDisposable()
            periodic.setDisposable(
                scheduler.schedulePeriodic(0, startAfter: .seconds(1), period: .seconds(1)) { state in
                    log.append("p\(state)@\(scheduler.clock)")
                    return state + 1
                })
            _ = scheduler.scheduleAbsoluteVirtual((), time: 3) { _ in
                log.append("dispose@\(scheduler.clock)")
                periodic.dispose()
                return Disposables.create()
            }
            scheduler.start()
            return log.values + ["clock \(scheduler.clock)"]
        } expect: {
            ["p0@1", "p1@2", "dispose@3", "clock 3"]
        }
    }

    func testDisposingFromAnotherThreadStopsTheTicksAndReleasesTheState() {
        forEachScheduler { scheduler in
            let log = Log<String>()
            weak var released: Payload?
            let periodic: any Disposable
            do {
                let payload = Payload()
                released = payload
                periodic = scheduler.schedulePeriodic(payload, startAfter: .seconds(1), period: .seconds(1)) { state in
                    log.append("\(scheduler.clock)")
                    return state
                }
            }
            scheduler.advanceTo(2)
            let disposed = DispatchSemaphore(value: 0)
            let box = UncheckedBox(periodic)
            DispatchQueue.global().async {
                box.value.dispose()
                disposed.signal()
            }
            XCTAssertEqual(disposed.wait(timeout: .now() + 5), .success)
            let releasedAfterDispose = released == nil
            scheduler.advanceTo(5)
            return log.values + ["released \(releasedAfterDispose)"]
        } expect: {
            ["1", "2", "released true"]
        }
    }

    func testDisposingWhileAnotherThreadDrivesTheClockStopsTheTicks() {
        forEachScheduler { scheduler in
            let ticks = Counter()
            let reached = DispatchSemaphore(value: 0)
            let periodic = scheduler.schedulePeriodic(0, startAfter: .seconds(1), period: .seconds(1)) { state in
                ticks.increment()
                if state == 50 {
                    reached.signal()
                }
                return state + 1
            }
            let box = UncheckedBox(periodic)
            let disposed = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                _ = reached.wait(timeout: .now() + 5)
                box.value.dispose()
                disposed.signal()
            }
            var clock = 0
            while disposed.wait(timeout: .now()) == .timedOut, clock < 10_000_000 {
                clock += 1
                scheduler.advanceTo(clock)
            }
            let atDispose = ticks.value
            scheduler.advanceTo(clock + 100)
            return [atDispose > 50 ? "ticked past 50" : "stopped early", "\(ticks.value - atDispose) after dispose"]
        } expect: {
            ["ticked past 50", "0 after dispose"]
        }
    }

    /// Runs `scenario` on a fresh scheduler of each kind, clock at 0, and checks that each
    /// produces `expected`: the base class, a subclass that adjusts due times, and the test
    /// scheduler with and without its processing delay.
    private func forEachScheduler(
        _ scenario: (any IntClockScheduler) -> [String], expect expected: () -> [String],
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let schedulers: [(String, any IntClockScheduler)] = [
            ("VirtualTimeScheduler", TickScheduler()),
            ("ProcessingDelayScheduler", ProcessingDelayScheduler(clock: 0)),
            ("TestScheduler", TestScheduler(initialClock: 0)),
            ("TestScheduler without processing delay", TestScheduler(initialClock: 0, simulateProcessingDelay: false)),
        ]
        for (name, scheduler) in schedulers {
            XCTAssertEqual(scenario(scheduler), expected(), name, file: file, line: line)
        }
    }
}

/// What the ordering scenarios need of a virtual-time scheduler whose clock counts whole ticks.
protocol IntClockScheduler: SchedulerType {
    var clock: Int { get }

    func scheduleAbsoluteVirtual<StateType>(
        _ state: StateType, time: Int, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable

    func advanceTo(_ virtualTime: Int)

    func sleep(_ virtualInterval: Int)

    func start()
}

extension VirtualTimeScheduler: IntClockScheduler
where Converter.VirtualTimeUnit == Int, Converter.VirtualTimeIntervalUnit == Int {}

/// Hands a value that is not `Sendable` to another thread in a test that orders the accesses.
private struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
