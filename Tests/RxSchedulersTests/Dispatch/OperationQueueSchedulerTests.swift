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
        assertRunsActionsOneAtATimeInOrder(scheduler, count: 40)
        XCTAssertEqual(scheduler.queuePriority, .normal)
        XCTAssertTrue(scheduler.operationQueue === queue)
    }

    func testTwoConcurrentOperationsCanRunInParallel() {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 2
        let scheduler = OperationQueueScheduler(operationQueue: queue, queuePriority: .high)
        assertRunsSeparateActionsInParallel(scheduler)
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
