import Dispatch
import RxCore
import RxDisposables
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

final class ScheduledDisposableTests: RxTestCase {
    func testDisposalHappensOnTheSchedulerOnce() {
        let scheduler = TickScheduler()
        let inner = CountingDisposable()
        let scheduled = ScheduledDisposable(scheduler: scheduler, disposable: inner)
        XCTAssertFalse(scheduled.isDisposed)
        scheduled.dispose()
        scheduled.dispose()
        XCTAssertTrue(scheduled.isDisposed)
        XCTAssertEqual(inner.count, 0)
        scheduler.start()
        XCTAssertEqual(inner.count, 1)
        XCTAssertTrue(scheduled.scheduler is TickScheduler)
    }

    func testDisposalRunsOnTheSchedulersQueue() {
        let scheduler = SerialDispatchQueueScheduler(
            internalSerialQueueName: "disposal", serialQueueConfiguration: { QueueMarker.mark($0, as: "disposal") })
        let queues = Log<String?>()
        let disposed = expectation(description: "disposed")
        let scheduled = ScheduledDisposable(
            scheduler: scheduler,
            disposable: Disposables.create {
                queues.append(QueueMarker.current)
                disposed.fulfill()
            })
        scheduled.dispose()
        wait(for: [disposed], timeout: 5)
        XCTAssertEqual(queues.values, ["disposal"])
    }
}

/// Counts how often it is disposed.
private final class CountingDisposable: Disposable, Sendable {
    private let counter = Counter()

    var count: Int { counter.value }

    func dispose() {
        counter.increment()
    }
}
