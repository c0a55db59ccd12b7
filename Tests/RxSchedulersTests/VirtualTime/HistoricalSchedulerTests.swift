import Foundation
import RxCore
import RxDisposables
import RxSchedulers
import RxTestSupport
import XCTest

final class HistoricalSchedulerTests: RxTestCase {
    func testClockStartsAtTheEpochByDefault() {
        let scheduler = HistoricalScheduler()
        XCTAssertEqual(scheduler.clock, Date(timeIntervalSince1970: 0))
        XCTAssertEqual(scheduler.now, scheduler.clock)
    }

    func testReplaysWorkAtItsDatesWithoutWaiting() {
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let scheduler = HistoricalScheduler(initialClock: start)
        let log = Log<TimeInterval>()
        _ = scheduler.scheduleRelative((), dueTime: .milliseconds(1_500)) { _ in
            log.append(scheduler.now.timeIntervalSince(start))
            return Disposables.create()
        }
        _ = scheduler.scheduleRelativeVirtual((), dueTime: 0.25) { _ in
            log.append(scheduler.now.timeIntervalSince(start))
            return Disposables.create()
        }
        _ = scheduler.scheduleAbsoluteVirtual((), time: start.addingTimeInterval(3600)) { _ in
            log.append(scheduler.now.timeIntervalSince(start))
            return Disposables.create()
        }
        scheduler.advanceTo(start.addingTimeInterval(2))
        XCTAssertEqual(log.values, [0.25, 1.5])
        scheduler.start()
        XCTAssertEqual(log.values, [0.25, 1.5, 3600])
    }

    func testConverterIsTheIdentityAndComparesDates() {
        let converter = HistoricalSchedulerTimeConverter()
        let date = Date(timeIntervalSince1970: 42)
        XCTAssertEqual(converter.convertToVirtualTime(date), date)
        XCTAssertEqual(converter.convertFromVirtualTime(date), date)
        XCTAssertEqual(converter.convertToVirtualTimeInterval(1.5), 1.5)
        XCTAssertEqual(converter.convertFromVirtualTimeInterval(2.5), 2.5)
        XCTAssertEqual(converter.offsetVirtualTime(date, offset: 8), Date(timeIntervalSince1970: 50))
        XCTAssertEqual(converter.compareVirtualTime(date, date.addingTimeInterval(1)), .lessThan)
        XCTAssertEqual(converter.compareVirtualTime(date, date), .equal)
        XCTAssertEqual(converter.compareVirtualTime(date.addingTimeInterval(1), date), .greaterThan)
    }
}
