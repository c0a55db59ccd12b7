import Dispatch
import Foundation
import RxCore
import RxDisposables
import RxSchedulers
import RxTestSupport
import XCTest

/// Races the scheduler tests leave out: a scheduled disposal requested from many threads, and
/// operation-queue actions disposed while the queue runs them.
final class SchedulersStressReliabilityTests: RxTestCase {
    func testAScheduledDisposableDisposedFromManyThreadsDisposesItsInnerOnceOnItsQueue() {
        let scheduler = SerialDispatchQueueScheduler(
            internalSerialQueueName: "reliability.disposal",
            serialQueueConfiguration: { QueueMarker.mark($0, as: "disposal") })
        let queues = Log<String?>()
        let disposed = expectation(description: "every inner disposable disposed")
        disposed.expectedFulfillmentCount = 100
        for _ in 0..<100 {
            let scheduled = ScheduledDisposable(
                scheduler: scheduler,
                disposable: Disposables.create {
                    queues.append(QueueMarker.current)
                    disposed.fulfill()
                })
            DispatchQueue.concurrentPerform(iterations: 6) { _ in
                scheduled.dispose()
            }
            XCTAssertTrue(scheduled.isDisposed)
        }
        wait(for: [disposed], timeout: 5)
        XCTAssertEqual(queues.values, Array(repeating: "disposal", count: 100))
    }

    func testOperationQueueActionsDisposedWhileTheQueueRunsThemRunAtMostOnceAndReleaseWhatTheyMade() {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 2
        let scheduler = OperationQueueScheduler(operationQueue: queue)
        let ran = Counter()
        let producedDisposals = Counter()
        let disposed = expectation(description: "all disposed")
        disposed.expectedFulfillmentCount = 300
        let disposers = DispatchQueue(label: "reliability.operation-disposers", attributes: .concurrent)
        for index in 0..<300 {
            let disposable = scheduler.schedule(index) { _ in
                ran.increment()
                return Disposables.create { producedDisposals.increment() }
            }
            let handle = UncheckedSendable(disposable)
            disposers.asyncAfter(deadline: .now() + .microseconds(index % 7 * 50)) {
                handle.value.dispose()
                handle.value.dispose()
                disposed.fulfill()
            }
        }
        wait(for: [disposed], timeout: 5)
        queue.waitUntilAllOperationsAreFinished()

        XCTAssertLessThanOrEqual(ran.current, 300)
        XCTAssertEqual(
            producedDisposals.current, ran.current, "every action that ran had what it returned disposed exactly once")
    }
}
