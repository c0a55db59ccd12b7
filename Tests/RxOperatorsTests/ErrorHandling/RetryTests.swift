import Dispatch
import Foundation
import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

final class RetryTests: RxTestCase {
    func testRetryCountsAttemptsAndSendsTheLastError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, TestError.boom)])

        let res = scheduler.start { xs.retry(3) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 1), .next(250, 1), .error(260, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220), Subscription(220, 240), Subscription(240, 260)])
    }

    func testWithMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createColdObservable("-a-#", error: TestError.boom)

        let res = scheduler.start { xs.retry(2) }

        assertMarbles(res, "-a--a-#", error: TestError.boom)
        assertSubscriptions(xs, "^--!", "---^--!")
    }

    func testRetryStopsAtTheFirstCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        var attempt = 0
        let res = scheduler.start {
            Observable<Int>.deferred {
                attempt += 1
                return attempt < 3 ? .error(TestError.boom) : .of(attempt, scheduler: scheduler)
            }.retry()
        }

        XCTAssertEqual(res.events, [.next(201, 3), .completed(202)])
        XCTAssertEqual(attempt, 3)
    }

    func testRetryForeverResubscribesUntilDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, TestError.boom)])

        let res = scheduler.start(disposed: 255) { xs.retry() }

        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 1), .next(250, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220), Subscription(220, 240), Subscription(240, 255)])
    }

    func testRetryWithZeroCompletesWithoutSubscribing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, TestError.boom)])

        let res = scheduler.start { xs.retry(0) }

        XCTAssertEqual(res.events, [.completed(200)])
        XCTAssertEqual(xs.subscriptions, [])
    }

    func testRetryWithOneIsTheSourceAlone() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, TestError.boom)])

        let res = scheduler.start { xs.retry(1) }

        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testAnErrorThrownByAClosureUpstreamIsRetried() {
        var attempts = 0
        var received: [Int] = []
        var error: (any Error)?

        _ = Observable.of(1, 2, 3).map { value -> Int in
            if value == 2 {
                attempts += 1
                throw TestError.other
            }
            return value
        }.retry(2).subscribe(onNext: { received.append($0) }, onError: { error = $0 })

        XCTAssertEqual(received, [1, 1])
        XCTAssertEqual(attempts, 2)
        XCTAssertEqual(error as? TestError, .other)
    }

    func testASourceThatFailsAtOnceIsRetriedInALoopNotRecursively() {
        var subscriptions = 0
        let failing = Observable<Int>.deferred {
            subscriptions += 1
            return .error(TestError.boom)
        }
        var error: (any Error)?

        _ = failing.retry(100_000).subscribe(onError: { error = $0 })

        XCTAssertEqual(subscriptions, 100_000)
        XCTAssertEqual(error as? TestError, .boom)
    }

    func testDisposingFromInsideOnNextStopsTheRetries() {
        var subscriptions = 0
        let source = Observable<Int>.deferred {
            subscriptions += 1
            return Observable.of(subscriptions, -1).map { value in
                if value < 0 { throw TestError.boom }
                return value
            }
        }
        var received: [Int] = []
        // Inside a running trampoline, subscribe returns before the first element, so the
        // handler can reach the subscription while the retries go on.
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            let holder = SingleAssignmentDisposable()
            holder.setDisposable(
                source.retry().subscribe(onNext: { value in
                    received.append(value)
                    if value == 5 {
                        holder.dispose()
                    }
                }))
            return Disposables.create()
        }

        XCTAssertEqual(received, [1, 2, 3, 4, 5])
        XCTAssertEqual(subscriptions, 5)
    }

    func testAnAttemptThatKeepsSendingAfterItsErrorIsIgnored() {
        // A raw observable: nothing of the framework between it and `retry` enforces the grammar.
        let source = DisposalIgnoringObservable<Int>()
        var received: [Int] = []
        let subscription = source.retry().subscribe(onNext: { received.append($0) })

        source.observers[0].onNext(1)
        source.observers[0].onError(TestError.boom)
        for value in 100..<1100 {
            source.observers[0].onNext(value)
        }
        source.observers[0].onError(TestError.boom)
        source.observers[1].onNext(2)

        XCTAssertEqual(received, [1, 2])
        XCTAssertEqual(source.observers.count, 2, "a second error from the failed attempt starts nothing")
        subscription.dispose()
        source.forget()
    }

    func testTheFailedSubscriptionIsDisposedBeforeTheNextOne() {
        var log: [String] = []
        var attempt = 0
        let source = Observable<Int>.create { observer in
            attempt += 1
            let current = attempt
            log.append("subscribed \(current)")
            if current < 3 {
                observer.onError(TestError.boom)
            } else {
                observer.onCompleted()
            }
            return Disposables.create { log.append("disposed \(current)") }
        }

        _ = source.retry().subscribe(onCompleted: { log.append("completed") })

        XCTAssertEqual(
            log,
            ["subscribed 1", "disposed 1", "subscribed 2", "disposed 2", "subscribed 3", "completed", "disposed 3"])
    }

    func testTheLastAttemptIsDisposedBeforeItsErrorWhenItFailsWhileBeingSubscribed() {
        // As RxSwift's `retry`, the error is sent from the loop that runs the attempts: an attempt
        // that failed inside its own subscription has returned, and so disposed itself, first.
        var log: [String] = []
        var attempt = 0
        let source = Observable<Int>.deferred { () -> Observable<Int> in
            attempt += 1
            let current = attempt
            log.append("subscribed \(current)")
            return Observable<Int>.error(TestError.boom).do(onDispose: { log.append("disposed \(current)") })
        }

        _ = source.retry(2).subscribe(onError: { _ in log.append("error") })

        XCTAssertEqual(log, ["subscribed 1", "disposed 1", "subscribed 2", "disposed 2", "error"])
    }

    func testTheLastAttemptIsDisposedAfterItsErrorWhenItFailsLater() {
        var log: [String] = []
        let sources = [PublishSubject<Int>(), PublishSubject<Int>()]
        var attempt = 0
        let source = Observable<Int>.deferred { () -> Observable<Int> in
            attempt += 1
            let current = attempt
            log.append("subscribed \(current)")
            return sources[current - 1].do(onDispose: { log.append("disposed \(current)") })
        }

        _ = source.retry(2).subscribe(onError: { _ in log.append("error") })
        sources[0].onError(TestError.boom)
        sources[1].onError(TestError.boom)

        XCTAssertEqual(log, ["subscribed 1", "disposed 1", "subscribed 2", "error", "disposed 2"])
    }

}

// MARK: - Under contention

/// `retry()` resubscribing on dispatch queues, disposed from another thread.
final class RetryUnderContentionTests: RetryContentionTestCase {
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
}
