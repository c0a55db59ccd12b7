import Foundation
import RxCore
import RxDisposables
import RxSchedulers
import RxTestSupport
import XCTest

/// A `HistoricalScheduler`'s clock is a `Date`, whose resolution depends on how far the date is
/// from 2001: a period shorter than that resolution must still move the clock, by the smallest
/// step it can take, or `advanceTo` never returns.
final class HistoricalSchedulerResolutionReliabilityTests: RxTestCase {
    func testAPeriodBelowTheDateResolutionStillAdvancesTheClock() {
        let start = Date(timeIntervalSince1970: 0)
        let scheduler = HistoricalScheduler(initialClock: start)
        let times = Log<Date>()
        let timer = scheduler.schedulePeriodic((), startAfter: .nanoseconds(50), period: .nanoseconds(50)) { _ in
            times.append(scheduler.now)
            if times.values.count > 100_000 {
                scheduler.stop()
            }
        }

        scheduler.advanceTo(start.addingTimeInterval(0.000_01))

        let recorded = times.values
        // About 10 µs / 119 ns (one step of a Date in 1970): 84 ticks, each one step later.
        XCTAssertGreaterThan(recorded.count, 50)
        XCTAssertLessThan(recorded.count, 200)
        XCTAssertEqual(zip(recorded, recorded.dropFirst()).filter { $0.0 >= $0.1 }.count, 0, "time moved forward")
        XCTAssertEqual(scheduler.clock, start.addingTimeInterval(0.000_01))
        timer.dispose()
    }

    func testAZeroPeriodOnAFarDateStillAdvances() {
        // Further from 2001 a Date's step is coarser: 2^-19 s (about 1.9 µs) three centuries on.
        let start = Date(timeIntervalSinceReferenceDate: 10_000_000_000)
        let scheduler = HistoricalScheduler(initialClock: start)
        let times = Log<Date>()
        let timer = scheduler.schedulePeriodic((), startAfter: .seconds(0), period: .nanoseconds(1)) { _ in
            times.append(scheduler.now)
            if times.values.count > 100_000 {
                scheduler.stop()
            }
        }

        scheduler.advanceTo(start.addingTimeInterval(0.000_1))

        let recorded = times.values
        XCTAssertGreaterThan(recorded.count, 10)
        XCTAssertLessThan(recorded.count, 1_000)
        XCTAssertEqual(zip(recorded, recorded.dropFirst()).filter { $0.0 >= $0.1 }.count, 0, "time moved forward")
        timer.dispose()
    }
}
