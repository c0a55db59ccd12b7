import Dispatch
import Foundation
import RxCore
import RxDisposables
import RxSchedulers
import RxTestSupport
import XCTest

final class OperationQueueSchedulerTests: RxTestCase {
    func testOneOperationAtATimeRunsActionsInOrderWithoutOverlap() {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let scheduler = OperationQueueScheduler(operationQueue: queue)
        let inFlight = Counter()
        let overlaps = Log<Int>()
        let log = Log<Int>()
        let done = expectation(description: "all ran")
        done.expectedFulfillmentCount = 40
        for index in 0..<40 {
            _ = scheduler.schedule(index) { index in
                if inFlight.increment() > 1 {
                    overlaps.append(index)
                }
                log.append(index)
                inFlight.decrement()
                done.fulfill()
                return Disposables.create()
            }
        }
        wait(for: [done], timeout: 5)
        XCTAssertEqual(log.values, Array(0..<40))
        XCTAssertEqual(overlaps.values, [])
        XCTAssertEqual(scheduler.queuePriority, .normal)
        XCTAssertTrue(scheduler.operationQueue === queue)
    }

    func testTwoConcurrentOperationsCanRunInParallel() {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 2
        let scheduler = OperationQueueScheduler(operationQueue: queue, queuePriority: .high)
        let first = DispatchSemaphore(value: 0)
        let second = DispatchSemaphore(value: 0)
        let met = Log<Bool>()
        let done = expectation(description: "both ran")
        done.expectedFulfillmentCount = 2
        // Each action waits for the other to start: only parallel runs can both succeed.
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
        XCTAssertEqual(met.values, [true, true])
        XCTAssertEqual(scheduler.queuePriority, .high)
    }

    func testDisposingBeforeTheOperationStartsSkipsItAndReleasesTheAction() {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.isSuspended = true
        let scheduler = OperationQueueScheduler(operationQueue: queue)
        let log = Log<String>()
        weak var released: Payload?
        let disposable: any Disposable
        do {
            let payload = Payload()
            released = payload
            disposable = scheduler.schedule(payload) { _ in
                log.append("cancelled")
                return Disposables.create()
            }
        }
        disposable.dispose()
        XCTAssertNil(released)
        let sentinel = expectation(description: "sentinel")
        _ = scheduler.schedule(()) { _ in
            log.append("sentinel")
            sentinel.fulfill()
            return Disposables.create()
        }
        queue.isSuspended = false
        wait(for: [sentinel], timeout: 5)
        XCTAssertEqual(log.values, ["sentinel"])
        disposable.dispose()
    }

    func testDisposingAfterTheRunDisposesWhatTheActionReturned() {
        let queue = OperationQueue()
        let scheduler = OperationQueueScheduler(operationQueue: queue)
        let inner = BooleanDisposable()
        let disposable = scheduler.schedule(()) { _ in inner }
        queue.waitUntilAllOperationsAreFinished()
        XCTAssertFalse(inner.isDisposed)
        disposable.dispose()
        XCTAssertTrue(inner.isDisposed)
    }
}
