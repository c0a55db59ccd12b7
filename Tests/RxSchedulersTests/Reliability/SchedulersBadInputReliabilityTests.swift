import Dispatch
import Foundation
import RxCore
import RxDisposables
import RxSchedulers
import RxTestSupport
import XCTest

/// Bad times and misuse of the schedulers that no other test covers.
final class SchedulersBadInputReliabilityTests: RxTestCase {
    private func makeConcurrent() -> ConcurrentDispatchQueueScheduler {
        ConcurrentDispatchQueueScheduler(queue: DispatchQueue(label: "reliability.times", attributes: .concurrent))
    }

    func testAConverterThatNeverAdvancesRunsAPeriodicTimerOnceInsteadOfForever() {
        let scheduler = VirtualTimeScheduler(initialClock: 0, converter: FrozenConverter())
        let runs = Log<Int>()
        let timer = scheduler.schedulePeriodic(0, startAfter: .seconds(0), period: .seconds(0)) { run in
            runs.append(run)
            if runs.count > 1_000 {
                scheduler.stop()
            }
            return run + 1
        }

        scheduler.start()

        XCTAssertEqual(runs.values.prefix(5), [0])
        timer.dispose()
    }

    func testConcurrentSchedulerNeverDueTimeHoldsNothingAndNeverRuns() {
        let scheduler = makeConcurrent()
        let log = Log<String>()
        weak var released: Payload?
        let disposable: any Disposable
        do {
            let payload = Payload()
            released = payload
            disposable = scheduler.scheduleRelative(payload, dueTime: .never) { _ in
                log.append("ran")
                return Disposables.create()
            }
        }
        XCTAssertNil(released)
        disposable.dispose()
        disposable.dispose()
        let sentinel = expectation(description: "a later action ran")
        _ = scheduler.scheduleRelative((), dueTime: .milliseconds(20)) { _ in
            sentinel.fulfill()
            return Disposables.create()
        }
        wait(for: [sentinel], timeout: 5)
        XCTAssertEqual(log.values, [])
    }

    func testConcurrentSchedulerZeroAndNegativePeriodsTickAtTheMinimumPeriod() {
        for period in [RxTimeInterval.seconds(0), .milliseconds(-20)] {
            assertPeriodTicksNoFasterThanTheMinimum(makeConcurrent(), period: period, ticks: 4)
        }
    }

    func testConcurrentSchedulerNeverStartRunsNothingAndNeverPeriodRunsOnce() {
        let scheduler = makeConcurrent()
        let log = Log<String>()
        let once = expectation(description: "ran once")
        let never = scheduler.schedulePeriodic("never", startAfter: .never, period: .milliseconds(1)) { state in
            log.append(state)
            return state
        }
        let single = scheduler.schedulePeriodic("once", startAfter: .milliseconds(1), period: .never) { state in
            log.append(state)
            once.fulfill()
            return state
        }
        wait(for: [once], timeout: 5)
        let sentinel = expectation(description: "time for a second run passed")
        _ = scheduler.scheduleRelative((), dueTime: .milliseconds(20)) { _ in
            sentinel.fulfill()
            return Disposables.create()
        }
        wait(for: [sentinel], timeout: 5)
        XCTAssertEqual(log.values, ["once"])
        never.dispose()
        single.dispose()
    }

    func testAnOperationQueueActionDisposedFromAnotherThreadBeforeItStartsNeverRuns() {
        let queue = OperationQueue()
        queue.isSuspended = true
        let scheduler = OperationQueueScheduler(operationQueue: queue)
        let log = Log<String>()
        let disposable = UncheckedSendable(
            scheduler.schedule(()) { _ in
                log.append("cancelled action ran")
                return Disposables.create()
            })
        let disposed = expectation(description: "disposed on another thread")
        DispatchQueue.global().async {
            disposable.value.dispose()
            disposable.value.dispose()
            disposed.fulfill()
        }
        wait(for: [disposed], timeout: 5)
        queue.isSuspended = false
        queue.waitUntilAllOperationsAreFinished()
        XCTAssertEqual(log.values, [])
    }

    func testARecursiveSchedulerHandleKeptPastDisposalSchedulesNothing() {
        let scheduler = TickScheduler()
        let log = Log<Int>()
        var kept: AnyRecursiveScheduler<Int>?
        let disposable = scheduler.scheduleRecursive(0, dueTime: .seconds(1)) { value, recursive in
            log.append(value)
            kept = recursive
        }
        scheduler.start()
        disposable.dispose()
        kept?.schedule(1)
        kept?.schedule(2, dueTime: .seconds(1))
        kept?.dispose()
        scheduler.start()
        kept = nil

        XCTAssertEqual(log.values, [0])
    }

    func testAnAbsoluteTimeInThePastRunsNowWithoutMovingTheClockBack() {
        let scheduler = TickScheduler(clock: 50)
        let log = Log<String>()
        _ = scheduler.scheduleAbsoluteVirtual((), time: 60) { _ in
            log.append("due@\(scheduler.clock)")
            return Disposables.create()
        }
        _ = scheduler.scheduleAbsoluteVirtual((), time: -1_000) { _ in
            log.append("past@\(scheduler.clock)")
            return Disposables.create()
        }
        scheduler.start()
        XCTAssertEqual(log.values, ["past@50", "due@60"])
    }

    func testStoppingAVirtualSchedulerThatIsNotRunningIsHarmless() {
        let scheduler = TickScheduler()
        let log = Log<Int>()
        scheduler.stop()
        _ = scheduler.scheduleAbsoluteVirtual((), time: 3) { _ in
            log.append(scheduler.clock)
            return Disposables.create()
        }
        scheduler.start()
        XCTAssertEqual(log.values, [3])
    }

    func testAHistoricalSchedulerRunsANegativeDueTimeAtItsClock() {
        let start = Date(timeIntervalSince1970: 1_000)
        let scheduler = HistoricalScheduler(initialClock: start)
        let log = Log<TimeInterval>()
        _ = scheduler.scheduleRelative((), dueTime: .seconds(-30)) { _ in
            log.append(scheduler.now.timeIntervalSince(start))
            return Disposables.create()
        }
        scheduler.start()
        XCTAssertEqual(log.values, [0])
    }
}
