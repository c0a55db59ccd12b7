import Dispatch
import RxCore
import RxDisposables
import RxTestHelpers
import XCTest

/// Checks that several scheduler tests share, each bounded by an expectation.
extension XCTestCase {
    /// Schedules `count` actions on `scheduler` and asserts that they ran one at a time, in the
    /// order they were scheduled.
    func assertRunsActionsOneAtATimeInOrder(
        _ scheduler: any ImmediateSchedulerType, count: Int, file: StaticString = #filePath, line: UInt = #line
    ) {
        let ran = Log<Int>()
        let overlaps = Log<Int>()
        let inFlight = Counter()
        let done = expectation(description: "all ran")
        done.expectedFulfillmentCount = count
        for index in 0..<count {
            _ = scheduler.schedule(index) { index in
                if inFlight.increment() > 1 {
                    overlaps.append(index)
                }
                ran.append(index)
                inFlight.decrement()
                done.fulfill()
                return Disposables.create()
            }
        }
        wait(for: [done], timeout: 5)
        XCTAssertEqual(ran.values, Array(0..<count), "order", file: file, line: line)
        XCTAssertEqual(overlaps.values, [], "actions that started while another ran", file: file, line: line)
    }

    /// Schedules two actions that each wait for the other to start, and asserts that both saw
    /// it: only actions running in parallel can.
    func assertRunsSeparateActionsInParallel(
        _ scheduler: any ImmediateSchedulerType, file: StaticString = #filePath, line: UInt = #line
    ) {
        let first = DispatchSemaphore(value: 0)
        let second = DispatchSemaphore(value: 0)
        let met = Log<Bool>()
        let done = expectation(description: "both ran")
        done.expectedFulfillmentCount = 2
        _ = scheduler.schedule(()) { _ in
            first.signal()
            met.append(second.wait(timeout: .now() + 4) == .success)
            done.fulfill()
            return Disposables.create()
        }
        _ = scheduler.schedule(()) { _ in
            second.signal()
            met.append(first.wait(timeout: .now() + 4) == .success)
            done.fulfill()
            return Disposables.create()
        }
        wait(for: [done], timeout: 5)
        XCTAssertEqual(met.values, [true, true], file: file, line: line)
    }

    /// Runs a periodic action with `period` for `ticks` ticks and asserts that they took at
    /// least `ticks - 1` minimum periods (1 ms each): a too-short period must not spin.
    func assertPeriodTicksNoFasterThanTheMinimum(
        _ scheduler: any SchedulerType, period: RxTimeInterval, ticks: Int,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let start = DispatchTime.now()
        let elapsed = Log<UInt64>()
        let allTicks = expectation(description: "\(ticks) ticks at \(period)")
        let holder = SingleAssignmentDisposable()
        holder.setDisposable(
            scheduler.schedulePeriodic(0, startAfter: .seconds(0), period: period) { count in
                if count == ticks - 1 {
                    elapsed.append(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds)
                    holder.dispose()
                    allTicks.fulfill()
                }
                return count + 1
            })
        wait(for: [allTicks], timeout: 5)
        XCTAssertGreaterThanOrEqual(
            elapsed.values.first ?? 0, UInt64(ticks - 1) * 1_000_000, "period \(period)", file: file, line: line)
    }
}
