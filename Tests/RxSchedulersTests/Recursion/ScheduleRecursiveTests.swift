import Dispatch
import RxCore
import RxDisposables
import RxSchedulers
import RxTestSupport
import XCTest

final class ScheduleRecursiveTests: RxTestCase {
    func testImmediateRecursionRunsEachStepInOrderOnTheTrampoline() {
        let log = Log<Int>()
        let disposable = CurrentThreadScheduler.instance.scheduleRecursive(0) { value, recurse in
            log.append(value)
            if value < 4 {
                recurse(value + 1)
            }
        }
        XCTAssertEqual(log.values, [0, 1, 2, 3, 4])
        disposable.dispose()
    }

    func testDeepImmediateRecursionDoesNotGrowTheStack() {
        var count = 0
        let disposable = CurrentThreadScheduler.instance.scheduleRecursive(0) { value, recurse in
            count += 1
            if value < 50_000 {
                recurse(value + 1)
            }
        }
        XCTAssertEqual(count, 50_001)
        disposable.dispose()
    }

    func testImmediateRecursionOnVirtualTimeRunsAfterWorkAlreadyDue() {
        let scheduler = TickScheduler(clock: 5)
        let log = Log<String>()
        let disposable = scheduler.scheduleRecursive(0) { value, recurse in
            log.append("r\(value)@\(scheduler.clock)")
            if value < 2 {
                recurse(value + 1)
            }
        }
        _ = scheduler.schedule(()) { _ in
            log.append("other@\(scheduler.clock)")
            return Disposables.create()
        }
        scheduler.start()
        XCTAssertEqual(log.values, ["r0@5", "other@5", "r1@5", "r2@5"])
        disposable.dispose()
    }

    func testDisposingFromInsideTheActionStopsTheRecursion() {
        let scheduler = TickScheduler()
        let log = Log<Int>()
        let holder = SingleAssignmentDisposable()
        holder.setDisposable(
            scheduler.scheduleRecursive(0) { value, recurse in
                log.append(value)
                recurse(value + 1)
                if value == 3 {
                    holder.dispose()
                }
            })
        scheduler.start()
        XCTAssertEqual(log.values, [0, 1, 2, 3])
    }

    func testDisposingCancelsTheQueuedRunAndReleasesTheAction() {
        let scheduler = TickScheduler()
        weak var released: Payload?
        var ran = false
        let disposable: any Disposable
        do {
            let payload = Payload()
            released = payload
            disposable = scheduler.scheduleRecursive(payload) { _, _ in ran = true }
        }
        XCTAssertNotNil(released)
        disposable.dispose()
        disposable.dispose()
        XCTAssertNil(released)
        scheduler.start()
        XCTAssertFalse(ran)
    }

    func testRelativeRecursionRunsAtEachDueTime() {
        let scheduler = TickScheduler(clock: 100)
        let log = Log<String>()
        let disposable = scheduler.scheduleRecursive(1, dueTime: .seconds(10)) { value, recursive in
            log.append("\(value)@\(scheduler.clock)")
            if value < 4 {
                recursive.schedule(value + 1, dueTime: .seconds(value * 10))
            }
        }
        scheduler.start()
        XCTAssertEqual(log.values, ["1@110", "2@120", "3@140", "4@170"])
        disposable.dispose()
    }

    func testRelativeRecursionCanAlsoRecurseImmediately() {
        let scheduler = TickScheduler()
        let log = Log<String>()
        let disposable = scheduler.scheduleRecursive(0, dueTime: .seconds(3)) { value, recursive in
            log.append("\(value)@\(scheduler.clock)")
            switch value {
            case 0: recursive.schedule(1)
            case 1: recursive.schedule(2, dueTime: .seconds(-5))
            case 2: recursive.schedule(3, dueTime: .never)
            default: break
            }
        }
        scheduler.start()
        XCTAssertEqual(log.values, ["0@3", "1@3", "2@3"])
        disposable.dispose()
    }

    func testDisposingStopsRelativeRecursionIncludingQueuedRuns() {
        let scheduler = TickScheduler()
        let log = Log<Int>()
        let disposable = scheduler.scheduleRecursive(0, dueTime: .seconds(1)) { value, recursive in
            log.append(scheduler.clock)
            recursive.schedule(value + 1, dueTime: .seconds(5))
            recursive.schedule(value + 1, dueTime: .seconds(7))
        }
        scheduler.advanceTo(7)
        XCTAssertEqual(log.values, [1, 6])
        disposable.dispose()
        scheduler.start()
        XCTAssertEqual(log.values, [1, 6])
        XCTAssertEqual(scheduler.clock, 7)
    }

    func testRecursionOnADispatchQueueRunsEveryStepOnThatQueue() {
        let scheduler = SerialDispatchQueueScheduler(
            internalSerialQueueName: "recursion", serialQueueConfiguration: { QueueMarker.mark($0, as: "recursion") })
        let log = Log<Int>()
        let finished = expectation(description: "recursion finished")
        let onQueue = Log<String?>()
        let disposable = scheduler.scheduleRecursive(0, dueTime: .milliseconds(1)) { value, recursive in
            log.append(value)
            onQueue.append(QueueMarker.current)
            if value < 20 {
                recursive.schedule(value + 1)
            } else {
                finished.fulfill()
            }
        }
        wait(for: [finished], timeout: 5)
        disposable.dispose()
        XCTAssertEqual(log.values, Array(0...20))
        XCTAssertEqual(onQueue.values, Array(repeating: "recursion", count: 21))
    }
}
