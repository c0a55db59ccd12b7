import Dispatch
import Foundation
import RxCore
import RxDisposables
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

final class ConcurrentDispatchQueueSchedulerTests: RxTestCase {
    private func makeScheduler() -> ConcurrentDispatchQueueScheduler {
        let queue = DispatchQueue(label: "concurrent", attributes: .concurrent)
        QueueMarker.mark(queue, as: "concurrent")
        return ConcurrentDispatchQueueScheduler(queue: queue)
    }

    func testActionsRunOnTheQueue() {
        let scheduler = makeScheduler()
        let queues = Log<String?>()
        let done = expectation(description: "all ran")
        done.expectedFulfillmentCount = 3
        _ = scheduler.schedule(()) { _ in
            queues.append(QueueMarker.current)
            done.fulfill()
            return Disposables.create()
        }
        _ = scheduler.scheduleRelative((), dueTime: .milliseconds(2)) { _ in
            queues.append(QueueMarker.current)
            done.fulfill()
            return Disposables.create()
        }
        let holder = SingleAssignmentDisposable()
        holder.setDisposable(
            scheduler.schedulePeriodic(0, startAfter: .milliseconds(1), period: .milliseconds(1)) { tick in
                // A second tick comes if this thread has not yet put the timer in `holder` by then:
                // only the first counts.
                if tick == 0 {
                    queues.append(QueueMarker.current)
                    done.fulfill()
                }
                holder.dispose()
                return tick + 1
            })
        wait(for: [done], timeout: 5)
        XCTAssertEqual(queues.values, Array(repeating: "concurrent", count: 3))
    }

    func testSeparateActionsRunInParallel() {
        let scheduler = makeScheduler()
        assertRunsSeparateActionsInParallel(scheduler)
    }

    func testAPeriodicTimerNeverOverlapsItselfAndThreadsItsState() {
        let scheduler = makeScheduler()
        let inFlight = Counter()
        let overlaps = Log<Int>()
        let states = Log<Int>()
        let done = expectation(description: "eight ticks")
        let holder = SingleAssignmentDisposable()
        holder.setDisposable(
            scheduler.schedulePeriodic(0, startAfter: .seconds(0), period: .milliseconds(1)) { state in
                if inFlight.increment() > 1 {
                    overlaps.append(state)
                }
                // Slow work, longer than the period, invites overlapping ticks.
                usleep(2_000)
                states.append(state)
                inFlight.decrement()
                if state == 7 {
                    holder.dispose()
                    done.fulfill()
                }
                return state + 1
            })
        wait(for: [done], timeout: 5)
        XCTAssertEqual(overlaps.values, [])
        XCTAssertEqual(Array(states.values.prefix(8)), Array(0..<8))
    }

    func testQualityOfServiceInitializerRunsWork() {
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .background)
        let ran = expectation(description: "ran")
        _ = scheduler.scheduleRelative((), dueTime: .milliseconds(-10)) { _ in
            ran.fulfill()
            return Disposables.create()
        }
        wait(for: [ran], timeout: 5)
        XCTAssertLessThanOrEqual(scheduler.now, Date())
    }
}
