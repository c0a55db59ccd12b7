import RxCore
import RxDisposables
import RxSchedulers
import RxTestSupport
import XCTest

/// The test scheduler at the edges of its clock: a period shorter than one tick still moves
/// time, and the last tick of the clock (`Int.max`) saturates instead of trapping. Every loop
/// here stops the scheduler after far more runs than the test expects, so a regression fails
/// instead of hanging the suite.
final class TestSchedulerTimeEdgesReliabilityTests: RxTestCase {
    private static let runaway = 10_000

    /// Schedules a periodic action that records the clock at each run, and stops the scheduler
    /// if it runs away.
    private func recordTicks(
        on scheduler: TestScheduler, startAfter: RxTimeInterval, period: RxTimeInterval, into ticks: Log
    ) -> any Disposable {
        scheduler.schedulePeriodic((), startAfter: startAfter, period: period) { _ in
            ticks.append(scheduler.clock)
            if ticks.count > Self.runaway {
                scheduler.stop()
            }
        }
    }

    func testAPeriodShorterThanATickAdvancesOneTickPerRun() {
        for delay in [false, true] {
            let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: delay)
            let ticks = Log()
            let timer = recordTicks(on: scheduler, startAfter: .milliseconds(1), period: .milliseconds(1), into: ticks)

            scheduler.advanceTo(10)

            XCTAssertEqual(
                ticks.summary, Log.summary(of: delay ? Array(1...10) : Array(0...10)),
                "simulateProcessingDelay: \(delay)")
            timer.dispose()
        }
    }

    func testAPeriodJustUnderHalfATickStillAdvances() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001, simulateProcessingDelay: false)
        let ticks = Log()
        let timer = recordTicks(on: scheduler, startAfter: .microseconds(0), period: .microseconds(499), into: ticks)

        scheduler.advanceTo(5)

        XCTAssertEqual(ticks.summary, Log.summary(of: Array(0...5)))
        timer.dispose()
    }

    func testARecursiveActionReschedulingAtASubTickDelayMovesOneTickPerRunWithTheProcessingDelay() {
        let scheduler = TestScheduler(initialClock: 0)
        let ticks = Log()
        let recursion = scheduler.scheduleRecursive((), dueTime: .milliseconds(1)) { _, recurse in
            ticks.append(scheduler.clock)
            if ticks.count < 5 {
                recurse.schedule((), dueTime: .milliseconds(1))
            }
        }

        scheduler.advanceTo(100)

        XCTAssertEqual(ticks.summary, Log.summary(of: [1, 2, 3, 4, 5]))
        recursion.dispose()
    }

    func testWorkScheduledForNowAtTheLastTickRunsInOrder() {
        for delay in [true, false] {
            let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: delay)
            scheduler.advanceTo(.max)
            let ran = Log()

            for index in 0..<3 {
                _ = scheduler.schedule(index) { index in
                    ran.append(index)
                    return Disposables.create()
                }
            }
            _ = scheduler.scheduleRelative(3, dueTime: .seconds(5)) { index in
                ran.append(index)
                return Disposables.create()
            }
            _ = scheduler.scheduleRelativeVirtual(4, dueTime: 5) { index in
                ran.append(index)
                return Disposables.create()
            }
            scheduler.start()

            XCTAssertEqual(ran.values, [0, 1, 2, 3, 4], "simulateProcessingDelay: \(delay)")
            XCTAssertEqual(scheduler.clock, .max)
        }
    }

    func testAPeriodicTimerAtTheEndOfTheClockRunsOnceAndStops() {
        let scheduler = TestScheduler(initialClock: .max - 2)
        let ticks = Log()
        let timer = recordTicks(on: scheduler, startAfter: .seconds(0), period: .seconds(1), into: ticks)

        scheduler.start()

        // Relative times pass through a Date, which this close to Int.max cannot tell ticks
        // apart: the first run lands on the last tick, and the next would fall past the end of
        // the clock, so there is none.
        XCTAssertEqual(ticks.summary, Log.summary(of: [.max]))
        timer.dispose()
    }

    func testSleepingPastTheLastTickSaturates() {
        let scheduler = TestScheduler(initialClock: .max - 5)
        scheduler.sleep(10)
        XCTAssertEqual(scheduler.clock, .max)
    }
}

/// Virtual times recorded in order.
final class Log: Sendable {
    private let entries = RxMutex<[Int]>([])

    var values: [Int] { entries.withLock { $0 } }
    var count: Int { entries.withLock { $0.count } }

    /// The count and the first few values: short enough to read when a loop ran away.
    var summary: String { Self.summary(of: values) }

    static func summary(of values: [Int]) -> String {
        "\(values.count) values: \(values.prefix(12))"
    }

    func append(_ value: Int) {
        entries.withLock { $0.append(value) }
    }
}
