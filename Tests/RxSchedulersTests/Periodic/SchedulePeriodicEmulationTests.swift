import Dispatch
import Foundation
import RxCore
import RxDisposables
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

final class SchedulePeriodicEmulationTests: RxTestCase {
    func testTicksDueWhileARunIsBusyRunLaterOneAtATime() {
        let scheduler = AfterDelayScheduler()
        let inFlight = Counter()
        let overlaps = Log<Int>()
        let states = Log<Int>()
        let done = expectation(description: "six runs")
        let holder = SingleAssignmentDisposable()
        holder.setDisposable(
            scheduler.schedulePeriodic(0, startAfter: .milliseconds(1), period: .milliseconds(1)) { state in
                if inFlight.increment() > 1 {
                    overlaps.append(state)
                }
                if state == 0 {
                    // Hold the first run until three more ticks have fired behind it.
                    for _ in 0..<3 {
                        _ = scheduler.jobFinished.wait(timeout: .now() + 5)
                    }
                }
                states.append(state)
                inFlight.decrement()
                if state == 5 {
                    holder.dispose()
                    done.fulfill()
                }
                return state + 1
            })
        wait(for: [done], timeout: 5)
        XCTAssertEqual(overlaps.values, [])
        XCTAssertEqual(Array(states.values.prefix(6)), Array(0..<6))
    }

    func testPeriodicEmulationRunsOnTheUnderlyingScheduler() {
        let scheduler = AfterDelayScheduler()
        let queues = Log<String?>()
        let done = expectation(description: "three runs")
        let holder = SingleAssignmentDisposable()
        holder.setDisposable(
            scheduler.schedulePeriodic(0, startAfter: .seconds(0), period: .milliseconds(2)) { state in
                queues.append(QueueMarker.current)
                if state == 2 {
                    holder.dispose()
                    done.fulfill()
                }
                return state + 1
            })
        wait(for: [done], timeout: 5)
        XCTAssertEqual(Array(queues.values.prefix(3)), Array(repeating: "after-delay", count: 3))
    }
}

/// A scheduler with no periodic timer of its own, so `schedulePeriodic` falls back to the
/// recursive emulation; it runs everything on a concurrent queue and signals each finished job.
private final class AfterDelayScheduler: SchedulerType, Sendable {
    let jobFinished = DispatchSemaphore(value: 0)
    private let queue: DispatchQueue = {
        let queue = DispatchQueue(label: "after-delay", attributes: .concurrent)
        QueueMarker.mark(queue, as: "after-delay")
        return queue
    }()

    var now: RxTime { Date() }

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> any Disposable) -> any Disposable {
        scheduleRelative(state, dueTime: .seconds(0), action: action)
    }

    func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        let cancelled = BooleanDisposable()
        let job = UncheckedSendable { _ = action(state) }
        let finished = jobFinished
        queue.asyncAfter(deadline: .now() + dueTime) {
            if !cancelled.isDisposed {
                job.value()
            }
            finished.signal()
        }
        return cancelled
    }
}
