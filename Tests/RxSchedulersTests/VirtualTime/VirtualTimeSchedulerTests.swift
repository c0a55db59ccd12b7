import Dispatch
import RxCore
import RxDisposables
import RxSchedulers
import RxTestSupport
import XCTest

final class VirtualTimeSchedulerTests: RxTestCase {
    func testStartRunsWorkInTimeOrderAndMovesTheClock() {
        let scheduler = TickScheduler(clock: 100)
        let log = Log<String>()
        for (name, time) in [("c", 300), ("a", 150), ("b", 200)] {
            _ = scheduler.scheduleAbsoluteVirtual(name, time: time) { name in
                log.append("\(name)@\(scheduler.clock)")
                return Disposables.create()
            }
        }
        scheduler.start()
        XCTAssertEqual(log.values, ["a@150", "b@200", "c@300"])
        XCTAssertEqual(scheduler.clock, 300)
    }

    func testWorkDueAtTheSameTimeRunsInSchedulingOrder() {
        let scheduler = TickScheduler()
        let log = Log<Int>()
        for index in 0..<50 {
            _ = scheduler.scheduleAbsoluteVirtual(index, time: index % 2 == 0 ? 10 : 20) { index in
                log.append(index)
                return Disposables.create()
            }
        }
        scheduler.start()
        let evens = Array(stride(from: 0, to: 50, by: 2))
        let odds = Array(stride(from: 1, to: 50, by: 2))
        XCTAssertEqual(log.values, evens + odds)
    }

    func testWorkScheduledFromAnActionAtTheSameTimeRunsAfterTheWorkAlreadyDue() {
        let scheduler = TickScheduler()
        let log = Log<String>()
        _ = scheduler.scheduleAbsoluteVirtual((), time: 10) { _ in
            log.append("first")
            return scheduler.schedule(()) { _ in
                log.append("nested@\(scheduler.clock)")
                return Disposables.create()
            }
        }
        _ = scheduler.scheduleAbsoluteVirtual((), time: 10) { _ in
            log.append("second")
            return Disposables.create()
        }
        scheduler.start()
        XCTAssertEqual(log.values, ["first", "second", "nested@10"])
    }

    func testScheduleRelativeConvertsTheDueTime() {
        let scheduler = TickScheduler(clock: 10)
        let log = Log<Int>()
        _ = scheduler.scheduleRelative((), dueTime: .seconds(5)) { _ in
            log.append(scheduler.clock)
            return Disposables.create()
        }
        _ = scheduler.scheduleRelative((), dueTime: .milliseconds(2_400)) { _ in
            log.append(scheduler.clock)
            return Disposables.create()
        }
        scheduler.start()
        XCTAssertEqual(log.values, [12, 15])
        XCTAssertEqual(scheduler.now, Date(timeIntervalSince1970: 15))
    }

    func testScheduleRelativeVirtualOffsetsTheClock() {
        let scheduler = TickScheduler(clock: 40)
        let log = Log<Int>()
        _ = scheduler.scheduleRelativeVirtual((), dueTime: 7) { _ in
            log.append(scheduler.clock)
            return Disposables.create()
        }
        scheduler.start()
        XCTAssertEqual(log.values, [47])
    }

    func testNegativeDueTimeRunsNextWithoutMovingTheClockBack() {
        let scheduler = TickScheduler(clock: 50)
        let log = Log<String>()
        _ = scheduler.scheduleRelative((), dueTime: .seconds(3)) { _ in
            log.append("later@\(scheduler.clock)")
            return Disposables.create()
        }
        _ = scheduler.scheduleRelative((), dueTime: .seconds(-20)) { _ in
            log.append("past@\(scheduler.clock)")
            return Disposables.create()
        }
        scheduler.start()
        XCTAssertEqual(log.values, ["past@50", "later@53"])
    }

    func testNeverDueTimeNeverRunsAndHoldsNothing() {
        let scheduler = TickScheduler()
        weak var released: Payload?
        var ran = false
        do {
            let payload = Payload()
            released = payload
            _ = scheduler.scheduleRelative(payload, dueTime: .never) { _ in
                ran = true
                return Disposables.create()
            }
        }
        XCTAssertNil(released)
        scheduler.start()
        XCTAssertFalse(ran)
        XCTAssertEqual(scheduler.clock, 0)
    }

    func testDisposingBeforeTheDueTimeSkipsTheActionAndReleasesItAtOnce() {
        let scheduler = TickScheduler()
        weak var released: Payload?
        var ran = false
        let disposable: any Disposable
        do {
            let payload = Payload()
            released = payload
            disposable = scheduler.scheduleAbsoluteVirtual(payload, time: 10) { _ in
                ran = true
                return Disposables.create()
            }
        }
        XCTAssertNotNil(released)
        disposable.dispose()
        XCTAssertNil(released)
        disposable.dispose()
        scheduler.start()
        XCTAssertFalse(ran)
    }

    /// Releasing a cancelled action may deinitialise what it captured, and that deinit may
    /// dispose the same item again: the item must not still hold its lock then.
    func testAnActionWhoseCaptureDisposesTheItemOnDeinitCanBeCancelled() {
        final class DisposesOnDeinit {
            var target: (any Disposable)?
            deinit { target?.dispose() }
        }
        let scheduler = TickScheduler()
        weak var released: DisposesOnDeinit?
        var ran = false
        let disposable: any Disposable
        do {
            let owner = DisposesOnDeinit()
            released = owner
            disposable = scheduler.scheduleAbsoluteVirtual(owner, time: 10) { _ in
                ran = true
                return Disposables.create()
            }
            owner.target = disposable
        }
        disposable.dispose()
        XCTAssertNil(released, "the cancelled action and what it captured are released")
        scheduler.start()
        XCTAssertFalse(ran)
    }

    func testDisposingAfterTheRunDisposesWhatTheActionReturned() {
        let scheduler = TickScheduler()
        let inner = BooleanDisposable()
        let disposable = scheduler.scheduleAbsoluteVirtual((), time: 1) { _ in inner }
        scheduler.start()
        XCTAssertFalse(inner.isDisposed)
        disposable.dispose()
        XCTAssertTrue(inner.isDisposed)
    }

    func testDisposingFromInsideTheActionDisposesWhatItReturns() {
        let scheduler = TickScheduler()
        let inner = BooleanDisposable()
        let holder = SingleAssignmentDisposable()
        holder.setDisposable(
            scheduler.scheduleAbsoluteVirtual((), time: 1) { _ in
                holder.dispose()
                return inner
            })
        scheduler.start()
        XCTAssertTrue(inner.isDisposed)
    }

    func testAdvanceToRunsOnlyTheWorkDueAndSetsTheClock() {
        let scheduler = TickScheduler()
        let log = Log<Int>()
        for time in [5, 10, 11, 20] {
            _ = scheduler.scheduleAbsoluteVirtual(time, time: time) { time in
                log.append(time)
                return Disposables.create()
            }
        }
        scheduler.advanceTo(10)
        XCTAssertEqual(log.values, [5, 10])
        XCTAssertEqual(scheduler.clock, 10)
        scheduler.advanceTo(15)
        XCTAssertEqual(log.values, [5, 10, 11])
        XCTAssertEqual(scheduler.clock, 15)
        scheduler.advanceTo(15)
        scheduler.start()
        XCTAssertEqual(log.values, [5, 10, 11, 20])
    }

    func testSleepMovesTheClockWithoutRunningWork() {
        let scheduler = TickScheduler(clock: 3)
        let log = Log<Int>()
        _ = scheduler.scheduleAbsoluteVirtual((), time: 5) { _ in
            log.append(scheduler.clock)
            return Disposables.create()
        }
        scheduler.sleep(10)
        XCTAssertEqual(scheduler.clock, 13)
        XCTAssertEqual(log.values, [])
        scheduler.start()
        XCTAssertEqual(log.values, [13])
        scheduler.sleep(0)
        XCTAssertEqual(scheduler.clock, 13)
    }

    func testStopFromAnActionEndsTheRunAndStartResumes() {
        let scheduler = TickScheduler()
        let log = Log<Int>()
        _ = scheduler.scheduleAbsoluteVirtual((), time: 1) { _ in
            log.append(1)
            scheduler.stop()
            return Disposables.create()
        }
        _ = scheduler.scheduleAbsoluteVirtual((), time: 2) { _ in
            log.append(2)
            return Disposables.create()
        }
        scheduler.start()
        XCTAssertEqual(log.values, [1])
        XCTAssertEqual(scheduler.clock, 1)
        scheduler.start()
        XCTAssertEqual(log.values, [1, 2])
    }

    func testStartFromInsideAnActionDoesNothing() {
        let scheduler = TickScheduler()
        let log = Log<Int>()
        _ = scheduler.scheduleAbsoluteVirtual((), time: 1) { _ in
            scheduler.start()
            log.append(1)
            return Disposables.create()
        }
        _ = scheduler.scheduleAbsoluteVirtual((), time: 2) { _ in
            log.append(2)
            return Disposables.create()
        }
        scheduler.start()
        XCTAssertEqual(log.values, [1, 2])
    }

    func testAdjustScheduledTimeIsAppliedToRelativeWork() {
        let scheduler = ProcessingDelayScheduler(clock: 100)
        let log = Log<Int>()
        _ = scheduler.schedule(()) { _ in
            log.append(scheduler.clock)
            return Disposables.create()
        }
        _ = scheduler.scheduleRelative((), dueTime: .seconds(5)) { _ in
            log.append(scheduler.clock)
            return Disposables.create()
        }
        scheduler.start()
        XCTAssertEqual(log.values, [101, 105])
    }

    func testManyCancelledItemsAreSweptAndTheRestStillRunInOrder() {
        let scheduler = TickScheduler()
        let log = Log<Int>()
        var live: [any Disposable] = []
        for index in 0..<2_000 {
            let disposable = scheduler.scheduleAbsoluteVirtual(index, time: 1_000 - index / 2) { index in
                log.append(index)
                return Disposables.create()
            }
            if index % 100 == 0 {
                live.append(disposable)
            } else {
                disposable.dispose()
            }
        }
        XCTAssertTrue(scheduler.debugDescription.contains("clock: 0"))
        scheduler.start()
        XCTAssertEqual(log.values, stride(from: 0, to: 2_000, by: 100).reversed())
        XCTAssertEqual(live.count, 20)
    }

    func testWorksWhenDrivenFromBackgroundThreads() {
        let scheduler = TickScheduler()
        let log = Log<Int>()
        let scheduled = expectation(description: "scheduled from many threads")
        scheduled.expectedFulfillmentCount = 8
        for worker in 0..<8 {
            DispatchQueue.global().async {
                for step in 0..<50 {
                    _ = scheduler.scheduleAbsoluteVirtual(worker * 1_000 + step, time: step) { value in
                        log.append(value)
                        return Disposables.create()
                    }
                }
                scheduled.fulfill()
            }
        }
        wait(for: [scheduled], timeout: 5)
        let driven = expectation(description: "driven from a background thread")
        DispatchQueue.global().async {
            scheduler.start()
            driven.fulfill()
        }
        wait(for: [driven], timeout: 5)
        let values = log.values
        XCTAssertEqual(values.count, 400)
        XCTAssertEqual(values.map { $0 % 1_000 }, values.map { $0 % 1_000 }.sorted())
        for worker in 0..<8 {
            XCTAssertEqual(values.filter { $0 / 1_000 == worker }, (0..<50).map { worker * 1_000 + $0 })
        }
    }
}
