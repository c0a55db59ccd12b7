import Dispatch
import Foundation
import RxCore
import RxDisposables
import RxSchedulers
import RxTestSupport
import XCTest

/// XCTest runs test methods on the main thread, and its `wait(for:timeout:)` runs the main run
/// loop, which is what services the main dispatch queue on Linux. These tests lean on both.
final class MainSchedulerTests: RxTestCase {
    /// Runs `work` on a background queue and blocks, without servicing the main queue, until
    /// it returns.
    private func onBackground(_ work: @escaping @Sendable () -> Void) {
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            work()
            finished.signal()
        }
        XCTAssertEqual(finished.wait(timeout: .now() + 5), .success)
    }

    func testRunsAtOnceWhenCalledOnTheMainQueueWithNothingQueued() {
        XCTAssertTrue(Thread.isMainThread)
        let log = Log<String>()
        let disposable = MainScheduler.instance.schedule(()) { _ in
            log.append("ran")
            return Disposables.create()
        }
        XCTAssertEqual(log.values, ["ran"])
        disposable.dispose()
    }

    func testMainQueueWorkRunsOnlyOnceTheMainThreadServicesTheQueue() {
        let log = Log<String>()
        let ran = expectation(description: "ran on the main queue")
        onBackground {
            _ = MainScheduler.instance.schedule(()) { _ in
                MainScheduler.ensureExecutingOnScheduler()
                log.append(Thread.isMainThread ? "main thread" : "other thread")
                ran.fulfill()
                return Disposables.create()
            }
        }
        XCTAssertEqual(log.values, [], "the main queue ran while the main thread was busy")
        wait(for: [ran], timeout: 5)
        XCTAssertEqual(log.values, ["main thread"])
    }

    func testWorkScheduledOnTheMainQueueWaitsBehindWorkAlreadyQueued() {
        let log = Log<String>()
        let done = expectation(description: "both ran")
        done.expectedFulfillmentCount = 2
        onBackground {
            _ = MainScheduler.instance.schedule(()) { _ in
                log.append("from background")
                done.fulfill()
                return Disposables.create()
            }
        }
        _ = MainScheduler.instance.schedule(()) { _ in
            log.append("from main")
            done.fulfill()
            return Disposables.create()
        }
        XCTAssertEqual(log.values, [])
        wait(for: [done], timeout: 5)
        XCTAssertEqual(log.values, ["from background", "from main"])
    }

    func testSchedulingFromInsideAMainActionQueuesTheNestedAction() {
        let log = Log<String>()
        let nestedRan = expectation(description: "nested ran")
        _ = MainScheduler.instance.schedule(()) { _ in
            log.append("outer begins")
            _ = MainScheduler.instance.schedule(()) { _ in
                log.append("nested")
                nestedRan.fulfill()
                return Disposables.create()
            }
            log.append("outer ends")
            return Disposables.create()
        }
        XCTAssertEqual(log.values, ["outer begins", "outer ends"])
        wait(for: [nestedRan], timeout: 5)
        XCTAssertEqual(log.values, ["outer begins", "outer ends", "nested"])
    }

    func testAsyncInstanceAlwaysQueues() {
        let log = Log<String>()
        let ran = expectation(description: "ran")
        _ = MainScheduler.asyncInstance.schedule(()) { _ in
            log.append(Thread.isMainThread ? "main thread" : "other thread")
            ran.fulfill()
            return Disposables.create()
        }
        XCTAssertEqual(log.values, [])
        wait(for: [ran], timeout: 5)
        XCTAssertEqual(log.values, ["main thread"])
    }

    func testDisposingAQueuedMainActionSkipsItAndReleasesIt() {
        let log = Log<String>()
        weak var released: Payload?
        let disposable: any Disposable
        do {
            let payload = Payload()
            released = payload
            disposable = MainScheduler.asyncInstance.schedule(payload) { _ in
                log.append("cancelled")
                return Disposables.create()
            }
        }
        disposable.dispose()
        XCTAssertNil(released)
        let sentinel = expectation(description: "sentinel")
        _ = MainScheduler.asyncInstance.schedule(()) { _ in
            sentinel.fulfill()
            return Disposables.create()
        }
        wait(for: [sentinel], timeout: 5)
        XCTAssertEqual(log.values, [])
    }

    func testTimedWorkRunsOnTheMainThread() {
        let log = Log<String>()
        let fired = expectation(description: "fired")
        let periodic = expectation(description: "three ticks")
        let holder = SingleAssignmentDisposable()
        _ = MainScheduler.instance.scheduleRelative((), dueTime: .milliseconds(5)) { _ in
            log.append(Thread.isMainThread ? "relative on main" : "relative elsewhere")
            fired.fulfill()
            return Disposables.create()
        }
        holder.setDisposable(
            MainScheduler.instance.schedulePeriodic(0, startAfter: .milliseconds(1), period: .milliseconds(1)) { tick in
                if tick == 2 {
                    log.append(Thread.isMainThread ? "periodic on main" : "periodic elsewhere")
                    holder.dispose()
                    periodic.fulfill()
                }
                return tick + 1
            })
        wait(for: [fired, periodic], timeout: 5)
        XCTAssertEqual(Set(log.values), ["relative on main", "periodic on main"])
    }

    func testConcurrentMainSchedulerNamesItsTimeTypesAsTheDispatchSchedulersDo() {
        XCTAssertTrue(ConcurrentMainScheduler.Time.self == SerialDispatchQueueScheduler.Time.self)
        XCTAssertTrue(ConcurrentMainScheduler.TimeInterval.self == SerialDispatchQueueScheduler.TimeInterval.self)
        XCTAssertTrue(type(of: ConcurrentMainScheduler.instance.now) == ConcurrentMainScheduler.Time.self)
    }

    func testConcurrentMainSchedulerRunsAtOnceOnTheMainQueueAndQueuesFromElsewhere() {
        let log = Log<String>()
        _ = ConcurrentMainScheduler.instance.schedule(()) { _ in
            log.append("at once")
            return Disposables.create()
        }
        XCTAssertEqual(log.values, ["at once"])
        let ran = expectation(description: "queued from background")
        onBackground {
            _ = ConcurrentMainScheduler.instance.schedule(()) { _ in
                log.append(Thread.isMainThread ? "main thread" : "other thread")
                ran.fulfill()
                return Disposables.create()
            }
        }
        XCTAssertEqual(log.values, ["at once"])
        wait(for: [ran], timeout: 5)
        XCTAssertEqual(log.values, ["at once", "main thread"])
    }

    func testConcurrentMainSchedulerTimedWorkRunsOnTheMainThread() {
        let log = Log<String>()
        let fired = expectation(description: "fired")
        let holder = SingleAssignmentDisposable()
        let start = Date()
        // Due long enough after the negative delay below that a stall of this thread in between
        // does not let the tick come first.
        holder.setDisposable(
            ConcurrentMainScheduler.instance.schedulePeriodic((), startAfter: .milliseconds(200), period: .seconds(1)) {
                log.append(Thread.isMainThread ? "main thread" : "other thread")
                holder.dispose()
                fired.fulfill()
            })
        _ = ConcurrentMainScheduler.instance.scheduleRelative((), dueTime: .seconds(-1)) { _ in
            log.append("negative delay")
            return Disposables.create()
        }
        wait(for: [fired], timeout: 5)
        XCTAssertEqual(log.values, ["negative delay", "main thread"])
        XCTAssertGreaterThanOrEqual(ConcurrentMainScheduler.instance.now, start)
    }
}
