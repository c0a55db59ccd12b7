import Dispatch
import Foundation
import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

/// Endless resubscription (`retry()`, `retry(when:)`) and endless emission (`repeatElement`)
/// disposed from another thread while they run on dispatch queues. Each round waits until the
/// sequence is busy, disposes it from the test thread, lets the queues drain, and checks that
/// at most the one attempt or element already under way when `dispose()` returned followed it,
/// and that every sink is gone. Run under `swift test --sanitize=thread`.
final class RetryStressReliabilityTests: RxTestCase {
    private let rounds = 20

    /// Waits until `counter` reaches `count` (bounded), disposes `subscription`, waits for the
    /// queues to settle, and returns how much `counter` grew after `dispose()` returned.
    private func growthAfterDisposing(
        _ subscription: any Disposable, once counter: Counter, reaches count: Int, baseline: Int32
    ) -> Int {
        let deadline = Date().addingTimeInterval(5)
        while counter.value < count, Date() < deadline {
            usleep(100)
        }
        XCTAssertGreaterThanOrEqual(counter.value, count, "the sequence never got busy")
        subscription.dispose()
        let atDisposal = counter.value
        XCTAssertEqual(
            Resources.waitForTotal(toReturnTo: baseline, timeout: .seconds(5)), 0,
            "sinks still alive once the subscription is disposed")
        return counter.value - atDisposal
    }

    func testRetryStressInfiniteRetryOfAQueuedFailureStopsWhenDisposedFromAnotherThread() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "retry-stress.serial")
        for _ in 0..<rounds {
            let attempts = Counter()
            let retried = Observable<Int>.create { observer in
                attempts.increment()
                observer.onNext(1)
                observer.onError(TestError.boom)
                return Disposables.create()
            }.observe(on: scheduler).retry()
            let baseline = Resources.total

            let subscription = retried.subscribe(onNext: { _ in })

            let growth = growthAfterDisposing(subscription, once: attempts, reaches: 200, baseline: baseline)
            XCTAssertLessThanOrEqual(growth, 1, "at most the attempt under way when dispose() returned")
        }
    }

    func testRetryStressASourceFailingOnOtherThreadsStopsWhenDisposed() {
        for _ in 0..<rounds {
            let attempts = Counter()
            let received = Counter()
            let failing = Observable<Int>.create { observer in
                attempts.increment()
                let handle = UncheckedSendable(observer)
                DispatchQueue.global().async {
                    handle.value.onNext(1)
                    handle.value.onError(TestError.boom)
                }
                return Disposables.create()
            }

            let retried = failing.retry()
            let baseline = Resources.total

            let subscription = retried.subscribe(onNext: { _ in received.increment() })

            let growth = growthAfterDisposing(subscription, once: attempts, reaches: 100, baseline: baseline)
            XCTAssertLessThanOrEqual(growth, 1, "at most the attempt under way when dispose() returned")
            XCTAssertLessThanOrEqual(received.value, attempts.value)
        }
    }

    func testRetryStressRetryWhenWithAQueuedTriggerStopsWhenDisposed() {
        let scheduler = ConcurrentDispatchQueueScheduler(
            queue: DispatchQueue(label: "retry-stress.concurrent", attributes: .concurrent))
        for _ in 0..<rounds {
            let attempts = Counter()
            let retried = Observable<Int>.deferred {
                attempts.increment()
                return .error(TestError.boom)
            }.retry(when: { (errors: Observable<any Error>) in errors.observe(on: scheduler) })
            let baseline = Resources.total

            let subscription = retried.subscribe()

            let growth = growthAfterDisposing(subscription, once: attempts, reaches: 200, baseline: baseline)
            XCTAssertLessThanOrEqual(growth, 1, "at most the attempt under way when dispose() returned")
        }
    }

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
