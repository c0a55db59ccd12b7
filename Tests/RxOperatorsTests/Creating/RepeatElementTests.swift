import Dispatch
import Foundation
import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

final class RepeatElementTests: RxTestCase {
    func testOnATestSchedulerSendsTheElementOncePerTick() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start(disposed: 204) { Observable.repeatElement(7, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(201, 7), .next(202, 7), .next(203, 7)])
    }

    func testWithMarbles() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.repeatElement("a").take(3) }

        assertMarbles(res, "(aaa|)")
    }

    func testTakeStopsItOnTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.repeatElement(1, scheduler: scheduler).take(2) }

        XCTAssertEqual(res.events, [.next(201, 1), .next(202, 1), .completed(202)])
    }

    func testOnTheTrampolineItTakesTurnsWithOtherSequences() {
        var log: [String] = []
        let both = Observable<String>.create { observer in
            let first = Observable.repeatElement("x").take(3).subscribe(onNext: { observer.onNext($0) })
            let second = Observable.of("1", "2").subscribe(onNext: { observer.onNext($0) })
            return Disposables.create(first, second)
        }

        both.subscribe(onNext: { log.append($0) }).dispose()

        XCTAssertEqual(log, ["x", "1", "x", "2", "x"])
    }

    func testDisposingFromInsideOnNextStopsIt() {
        var received = 0
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            let holder = SingleAssignmentDisposable()
            holder.setDisposable(
                Observable.repeatElement(1).subscribe(onNext: { _ in
                    received += 1
                    if received == 1000 {
                        holder.dispose()
                    }
                }))
            return Disposables.create()
        }

        XCTAssertEqual(received, 1000)
    }

    func testOnAQueueItStopsOnceDisposedFromAnotherThread() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "repeat-element")
        let received = Locked(0)
        let started = DispatchSemaphore(value: 0)

        let subscription = Observable.repeatElement(1, scheduler: scheduler).subscribe(onNext: { _ in
            received.mutate { count in
                count += 1
                if count == 100 { started.signal() }
            }
        })
        XCTAssertEqual(started.wait(timeout: .now() + 5), .success)
        subscription.dispose()
        let atDisposal = received.value
        // Whatever was running when dispose returned has finished once the queue is drained.
        scheduler.drain()

        XCTAssertLessThanOrEqual(received.value - atDisposal, 1, "at most the element being sent")
    }
}

extension SerialDispatchQueueScheduler {
    /// Waits until the work queued so far has run.
    fileprivate func drain() {
        let done = DispatchSemaphore(value: 0)
        _ = schedule(()) { _ in
            done.signal()
            return Disposables.create()
        }
        _ = done.wait(timeout: .now() + 5)
    }
}

// MARK: - Under contention

/// `repeatElement` on a concurrent queue, disposed from another thread.
final class RepeatElementUnderContentionTests: RetryContentionTestCase {
    func testRetryStressRepeatElementOnAConcurrentQueueStopsWhenDisposed() {
        let scheduler = ConcurrentDispatchQueueScheduler(
            queue: DispatchQueue(label: "repeat-stress.concurrent", attributes: .concurrent))
        for _ in 0..<rounds {
            let received = Counter()
            let repeated = Observable.repeatElement(1, scheduler: scheduler)
            let baseline = Resources.total

            let subscription = repeated.subscribe(onNext: { _ in
                received.increment()
            })

            let growth = growthAfterDisposing(subscription, once: received, reaches: 500, baseline: baseline)
            XCTAssertLessThanOrEqual(growth, 1, "at most the element being sent when dispose() returned")
        }
    }
}
