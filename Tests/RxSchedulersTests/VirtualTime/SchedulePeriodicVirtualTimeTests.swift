import RxCore
import RxDisposables
import RxSchedulers
import RxTestSupport
import XCTest

final class SchedulePeriodicVirtualTimeTests: RxTestCase {
    func testPeriodicWorkRunsAtStartThenEveryPeriodPassingState() {
        let scheduler = TickScheduler(clock: 200)
        let log = Log<String>()
        let disposable = scheduler.schedulePeriodic(0, startAfter: .seconds(10), period: .seconds(5)) { state in
            log.append("\(state)@\(scheduler.clock)")
            return state + 1
        }
        scheduler.advanceTo(226)
        disposable.dispose()
        scheduler.start()
        XCTAssertEqual(log.values, ["0@210", "1@215", "2@220", "3@225"])
    }

    func testZeroPeriodAdvancesOneTickPerRun() {
        let scheduler = TickScheduler(clock: 10)
        let log = Log<Int>()
        let disposable = scheduler.schedulePeriodic(0, startAfter: .seconds(2), period: .seconds(0)) { state in
            log.append(scheduler.clock)
            return state + 1
        }
        scheduler.advanceTo(16)
        disposable.dispose()
        XCTAssertEqual(log.values, [12, 13, 14, 15, 16])
    }

    func testZeroPeriodWithSimulatedProcessingDelayTicksEveryTickLikeRxSwift() {
        let scheduler = ProcessingDelayScheduler(clock: 200)
        let log = Log<Int>()
        let disposable = scheduler.schedulePeriodic(0, startAfter: .seconds(0), period: .seconds(0)) { state in
            log.append(scheduler.clock)
            return state + 1
        }
        scheduler.advanceTo(204)
        disposable.dispose()
        XCTAssertEqual(log.values, [201, 202, 203, 204])
    }

    func testNegativePeriodAdvancesOneTickPerRun() {
        let scheduler = TickScheduler()
        let log = Log<Int>()
        let disposable = scheduler.schedulePeriodic((), startAfter: .seconds(0), period: .milliseconds(-300)) { _ in
            log.append(scheduler.clock)
        }
        scheduler.advanceTo(3)
        disposable.dispose()
        XCTAssertEqual(log.values, [0, 1, 2, 3])
    }

    func testZeroPeriodOnAHistoricalClockAdvancesBySubMicrosecondSteps() {
        let start = Date(timeIntervalSince1970: 1_000)
        let scheduler = HistoricalScheduler(initialClock: start)
        let log = Log<Date>()
        let disposable = scheduler.schedulePeriodic((), startAfter: .seconds(0), period: .seconds(0)) { _ in
            log.append(scheduler.clock)
        }
        scheduler.advanceTo(start.addingTimeInterval(0.000_01))
        disposable.dispose()
        let times = log.values
        XCTAssertGreaterThan(times.count, 10)
        XCTAssertEqual(times, times.sorted())
        XCTAssertEqual(Set(times).count, times.count)
    }

    func testNeverPeriodRunsOnce() {
        let scheduler = TickScheduler()
        let log = Log<Int>()
        let disposable = scheduler.schedulePeriodic((), startAfter: .seconds(4), period: .never) { _ in
            log.append(scheduler.clock)
        }
        scheduler.start()
        disposable.dispose()
        XCTAssertEqual(log.values, [4])
    }

    func testNeverStartRunsNothing() {
        let scheduler = TickScheduler()
        let log = Log<Int>()
        let disposable = scheduler.schedulePeriodic((), startAfter: .never, period: .seconds(1)) { _ in
            log.append(scheduler.clock)
        }
        scheduler.start()
        disposable.dispose()
        XCTAssertEqual(log.values, [])
    }

    func testDisposingFromInsideTheActionStopsTheTicks() {
        let scheduler = TickScheduler()
        let log = Log<Int>()
        let holder = SingleAssignmentDisposable()
        holder.setDisposable(
            scheduler.schedulePeriodic(0, startAfter: .seconds(1), period: .seconds(1)) { state in
                log.append(state)
                if state == 2 {
                    holder.dispose()
                }
                return state + 1
            })
        scheduler.start()
        XCTAssertEqual(log.values, [0, 1, 2])
        XCTAssertEqual(scheduler.clock, 3)
    }

    func testDisposingReleasesTheAction() {
        let scheduler = TickScheduler()
        weak var released: Payload?
        let disposable: any Disposable
        do {
            let payload = Payload()
            released = payload
            disposable = scheduler.schedulePeriodic(payload, startAfter: .seconds(1), period: .seconds(1)) { $0 }
        }
        scheduler.advanceTo(3)
        XCTAssertNotNil(released)
        disposable.dispose()
        XCTAssertNil(released)
    }

    func testASubclassThatMovesLaterTimesMovesEachTickKeepingTheOrderOfWorkDueThen() {
        let scheduler = FrameScheduler()
        let log = Log<String>()
        _ = scheduler.scheduleAbsoluteVirtual((), time: 20) { _ in
            log.append("earlier@\(scheduler.clock)")
            return Disposables.create()
        }
        let disposable = scheduler.schedulePeriodic((), startAfter: .seconds(1), period: .seconds(3)) { _ in
            log.append("tick@\(scheduler.clock)")
            if scheduler.clock == 20 {
                _ = scheduler.schedule(()) { _ in
                    log.append("fromTick@\(scheduler.clock)")
                    return Disposables.create()
                }
            }
        }
        scheduler.advanceTo(30)
        disposable.dispose()
        XCTAssertEqual(log.values, ["tick@10", "earlier@20", "tick@20", "fromTick@20", "tick@30"])
        XCTAssertEqual(scheduler.pendingWorkCount, 0)
    }
}

// @unchecked Sendable: inherited; the base class guards all state with its lock.
/// Moves every due time up to the next multiple of ten, later times included: each periodic
/// tick's next time is moved after it was queued.
private final class FrameScheduler: VirtualTimeScheduler<TickConverter>, @unchecked Sendable {
    init() {
        super.init(initialClock: 0, converter: TickConverter())
    }

    override func adjustScheduledTime(_ time: Int) -> Int {
        (time + 9) / 10 * 10
    }
}
