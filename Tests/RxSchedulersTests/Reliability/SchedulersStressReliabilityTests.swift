import Dispatch
import Foundation
import RxCore
import RxDisposables
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

/// Races disposal against firing, bounded in iterations, run under `--sanitize=thread` too: timers,
/// periodic timers, recursion and queued actions disposed while they run, a virtual-time
/// scheduler shared between threads, a scheduled disposal requested from many threads, and
/// operation-queue actions disposed while the queue runs them.
final class SchedulersStressReliabilityTests: RxTestCase {
    private let concurrent = ConcurrentDispatchQueueScheduler(
        queue: DispatchQueue(label: "stress", attributes: .concurrent))
    private let disposers = DispatchQueue(label: "disposers", attributes: .concurrent)

    /// Waits, up to five seconds, until every tracked payload is gone.
    private func assertAllReleased(_ tracker: ReleaseTracker, file: StaticString = #filePath, line: UInt = #line) {
        let deadline = DispatchTime.now() + .seconds(5)
        while tracker.alive > 0, DispatchTime.now() < deadline {
            usleep(1_000)
        }
        XCTAssertEqual(tracker.alive, 0, "payloads still held", file: file, line: line)
    }

    func testDisposingRelativeTimersWhileTheyFire() {
        let tracker = ReleaseTracker()
        let disposed = expectation(description: "all disposed")
        disposed.expectedFulfillmentCount = 300
        for index in 0..<300 {
            let disposable = concurrent.scheduleRelative(
                TrackedPayload(tracker), dueTime: .microseconds(index % 7 * 300)
            ) { payload in
                Disposables.create { _ = payload }
            }
            let handle = UncheckedSendable(disposable)
            disposers.asyncAfter(deadline: .now() + .microseconds(index % 5 * 400)) {
                handle.value.dispose()
                handle.value.dispose()
                disposed.fulfill()
            }
        }
        wait(for: [disposed], timeout: 5)
        assertAllReleased(tracker)
    }

    func testDisposingPeriodicTimersWhileTheyTick() {
        let tracker = ReleaseTracker()
        let disposed = expectation(description: "all disposed")
        disposed.expectedFulfillmentCount = 60
        for index in 0..<60 {
            let disposable = concurrent.schedulePeriodic(
                TrackedPayload(tracker), startAfter: .seconds(0), period: .milliseconds(1)
            ) { $0 }
            let handle = UncheckedSendable(disposable)
            disposers.asyncAfter(deadline: .now() + .microseconds(index % 6 * 500)) {
                handle.value.dispose()
                disposed.fulfill()
            }
        }
        wait(for: [disposed], timeout: 5)
        assertAllReleased(tracker)
    }

    func testDisposingRecursionWhileItRecurses() {
        let tracker = ReleaseTracker()
        let disposed = expectation(description: "all disposed")
        disposed.expectedFulfillmentCount = 60
        for index in 0..<60 {
            let payload = TrackedPayload(tracker)
            let disposable = concurrent.scheduleRecursive(0, dueTime: .microseconds(100)) { step, recursive in
                _ = payload
                if step % 2 == 0 {
                    recursive.schedule(step + 1)
                } else {
                    recursive.schedule(step + 1, dueTime: .microseconds(200))
                }
            }
            let handle = UncheckedSendable(disposable)
            disposers.asyncAfter(deadline: .now() + .microseconds(index % 8 * 300)) {
                handle.value.dispose()
                disposed.fulfill()
            }
        }
        wait(for: [disposed], timeout: 5)
        assertAllReleased(tracker)
    }

    func testDisposingQueuedActionsFromAnotherThreadWhileTheQueueRunsThem() {
        let tracker = ReleaseTracker()
        let serial = SerialDispatchQueueScheduler(internalSerialQueueName: "stress.serial")
        let ran = Counter()
        let disposed = expectation(description: "all disposed")
        disposed.expectedFulfillmentCount = 500
        for _ in 0..<500 {
            let payload = TrackedPayload(tracker)
            let disposable = serial.schedule(()) { _ in
                _ = payload
                ran.increment()
                return Disposables.create()
            }
            let handle = UncheckedSendable(disposable)
            disposers.async {
                handle.value.dispose()
                disposed.fulfill()
            }
        }
        wait(for: [disposed], timeout: 5)
        assertAllReleased(tracker)
        XCTAssertLessThanOrEqual(ran.value, 500)
    }

    func testVirtualTimeSchedulerSharedBetweenThreads() {
        let scheduler = TickScheduler()
        let kept = Counter()
        let ran = Counter()
        let scheduled = expectation(description: "threads done")
        scheduled.expectedFulfillmentCount = 4
        for worker in 0..<4 {
            DispatchQueue.global().async {
                for step in 0..<200 {
                    let disposable = scheduler.scheduleAbsoluteVirtual((), time: step) { _ in
                        ran.increment()
                        return Disposables.create()
                    }
                    if (step + worker) % 3 == 0 {
                        disposable.dispose()
                    } else {
                        kept.increment()
                    }
                }
                scheduled.fulfill()
            }
        }
        wait(for: [scheduled], timeout: 5)
        scheduler.start()
        XCTAssertEqual(ran.value, kept.value)
        XCTAssertEqual(scheduler.clock, 199)
    }

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

        XCTAssertLessThanOrEqual(ran.value, 300)
        XCTAssertEqual(
            producedDisposals.value, ran.value, "every action that ran had what it returned disposed exactly once")
    }
}

/// Counts the payloads still alive.
private final class ReleaseTracker: Sendable {
    private let counter = Counter()

    var alive: Int { counter.value }

    func born() { counter.increment() }

    func died() { counter.decrement() }
}

/// A payload that reports its release to a tracker.
private final class TrackedPayload: Sendable {
    private let tracker: ReleaseTracker

    init(_ tracker: ReleaseTracker) {
        self.tracker = tracker
        tracker.born()
    }

    deinit {
        tracker.died()
    }
}
