import Dispatch
import Foundation
import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

final class RetryWhenTests: RxTestCase {
    private enum OtherError: Error {
        case unexpected
    }

    func testResubscribesWhenTheTriggerSendsAfterAFailure() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, TestError.boom)])
        let trigger = scheduler.createHotObservable([
            .next(210, ()), .next(300, ()), .next(310, ()), .next(400, ()), .completed(500),
        ])
        var errors: [TestError] = []

        let res = scheduler.start {
            xs.retry(when: { (failures: Observable<any Error>) in
                _ = failures.subscribe(onNext: { errors.append($0 as? TestError ?? .other) })
                return trigger.asObservable()
            })
        }

        XCTAssertEqual(
            res.events, [.next(210, 1), .next(310, 1), .next(410, 1), .completed(500)],
            "a trigger element with no failure waiting does nothing; one failure, one resubscription")
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220), Subscription(300, 320), Subscription(400, 420)])
        XCTAssertEqual(trigger.subscriptions, [Subscription(200, 500)])
        XCTAssertEqual(errors, [.boom, .boom, .boom])
    }

    func testWithMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createColdObservable("-a#", error: TestError.boom)

        let res = scheduler.start { xs.retry(when: { (errors: Observable<any Error>) in errors.take(2) }) }

        assertMarbles(res, "-a-a-a|")
        assertSubscriptions(xs, "^-!", "--^-!", "----^-!")
    }

    func testATriggerThatFailsWhileAFailureWaitsSendsItsError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, TestError.boom)])
        let trigger = scheduler.createHotObservable([.error(250, TestError.other)] as [Recorded<Event<Int>>])

        let res = scheduler.start { xs.retry(when: { (_: Observable<any Error>) in trigger.asObservable() }) }

        XCTAssertEqual(res.events, [.next(210, 1), .error(250, TestError.other)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(trigger.subscriptions, [Subscription(200, 250)])
    }

    func testATriggerThatEndedBeforeAFailureEndsTheResultAtTheFailure() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, TestError.boom)])

        let completed = scheduler.start {
            xs.retry(when: { (_: Observable<any Error>) in Observable<Int>.empty() })
        }
        let failed = TestScheduler(initialClock: 0).start {
            Observable<Int>.just(1).concatError().retry(when: { (_: Observable<any Error>) in
                Observable<Int>.error(TestError.other)
            })
        }

        XCTAssertEqual(completed.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(failed.events, [.next(200, 1), .error(200, TestError.other)])
    }

    func testTheSourcesCompletionCompletesTheResult() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let trigger = scheduler.createHotObservable([.next(300, 0)])

        let res = scheduler.start { xs.retry(when: { (_: Observable<any Error>) in trigger.asObservable() }) }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(trigger.subscriptions, [Subscription(200, 220)])
    }

    func testTheTypedFormPassesOnErrorsOfAnotherTypeAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        var attempt = 0
        var seen: [TestError] = []

        let res = scheduler.start {
            Observable<Int>.deferred {
                attempt += 1
                return attempt == 1 ? .error(TestError.boom) : .error(OtherError.unexpected)
            }.retry(when: { (errors: Observable<TestError>) in errors.do(onNext: { seen.append($0) }) })
        }

        XCTAssertEqual(res.events.count, 1)
        XCTAssertEqual(res.events.first?.time, 200)
        XCTAssertTrue(
            res.events.first.map { if case .error(OtherError.unexpected) = $0.value { true } else { false } } ?? false)
        XCTAssertEqual(seen, [.boom])
        XCTAssertEqual(attempt, 2)
    }

    func testTheHandlerIsCalledOncePerSubscriber() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, TestError.boom)])
        var calls = 0
        let retried = xs.retry(when: { (errors: Observable<any Error>) -> Observable<any Error> in
            calls += 1
            return errors.take(1)
        })
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(200) { _ = retried.subscribe(first) }
        scheduler.scheduleAt(205) { _ = retried.subscribe(second) }
        scheduler.start()

        XCTAssertEqual(calls, 2)
        XCTAssertEqual(first.events, [.next(210, 1), .next(230, 1), .completed(240)])
        XCTAssertEqual(second.events, [.next(215, 1), .next(235, 1), .completed(245)])
    }

    func testDisposingWhileWaitingForTheTriggerUnsubscribesIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, TestError.boom)])
        let trigger = scheduler.createHotObservable([.next(300, 0)])

        let res = scheduler.start(disposed: 250) {
            xs.retry(when: { (_: Observable<any Error>) in trigger.asObservable() })
        }

        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(trigger.subscriptions, [Subscription(200, 250)])
    }

    func testAnAttemptThatFailedWhileBeingSubscribedIsNotKeptWhileTheTriggerWaits() {
        let scheduler = TestScheduler(initialClock: 0)
        // `deferred` is a producer: the retry holds each attempt's sink itself.
        let source = Observable<Int>.deferred { .error(TestError.boom) }

        let subscription = source.retry(when: { (errors: Observable<TestError>) in
            errors.delay(.seconds(30), scheduler: scheduler)
        })
        .subscribe()

        let deferredSinks = Resources.liveObjectsByType.filter { $0.key.hasPrefix("DeferredSink") }
        XCTAssertEqual(deferredSinks, [:], "the failed attempt is released while the trigger waits")
        XCTAssertEqual(scheduler.pendingWorkCount, 1, "the trigger waits")
        subscription.dispose()
    }

    func testATriggerAnsweringAtOnceRetriesInALoopNotRecursively() {
        var subscriptions = 0
        let failing = Observable<Int>.deferred {
            subscriptions += 1
            return .error(TestError.boom)
        }
        var completed = false

        _ = failing.retry(when: { (errors: Observable<any Error>) in errors.take(100_000) }).subscribe(
            onCompleted: { completed = true })

        // The trigger's last element and its completion come together: the sequence completes
        // before the attempt that element asked for starts, as in RxSwift.
        XCTAssertEqual(subscriptions, 100_000)
        XCTAssertTrue(completed)
    }

    /// Subscribes `retry(when: handler)` over a source that fails inside every subscription, and
    /// returns how many times it subscribed and what the observer saw.
    private func attempts(
        _ handler: @escaping (Observable<TestError>) -> Observable<Int>
    ) -> (attempts: Int, events: [String]) {
        var attempts = 0
        var events: [String] = []
        let failing = Observable<Int>.deferred {
            attempts += 1
            return .error(TestError.boom)
        }
        _ = failing.retry(when: handler).subscribe { events.append($0.description) }
        return (attempts, events)
    }

    // The counts below are RxSwift 6.10's for the same code: a source that fails while being
    // subscribed asks for its next attempt from inside that subscription, so the attempt waits
    // for the subscription to return, and a trigger that completes right after the element that
    // asked for it (`take(n)`) ends the sequence first.

    func testATriggerTakingOneFailureMakesOneAttempt() {
        let (attempts, events) = attempts { errors in errors.map { _ in 1 }.take(1) }

        XCTAssertEqual(attempts, 1)
        XCTAssertEqual(events, ["completed"])
    }

    func testATriggerTakingTwoFailuresMakesTwoAttempts() {
        let (attempts, events) = attempts { errors in errors.map { _ in 1 }.take(2) }

        XCTAssertEqual(attempts, 2)
        XCTAssertEqual(events, ["completed"])
    }

    func testATriggerThatCompletesWithoutAnElementMakesOneAttempt() {
        let empty = attempts { _ in Observable<Int>.empty() }
        let endingAtTheFirstFailure = attempts { errors in errors.map { _ in 1 }.take(while: { _ in false }) }

        XCTAssertEqual(empty.attempts, 1)
        XCTAssertEqual(empty.events, ["completed"])
        XCTAssertEqual(endingAtTheFirstFailure.attempts, 1)
        XCTAssertEqual(endingAtTheFirstFailure.events, ["completed"])
    }

    func testATriggerThatFailsAfterItsSecondElementMakesTwoAttempts() {
        let (attempts, events) = attempts { errors in
            errors.enumerated().flatMap { index, error -> Observable<Int> in index < 1 ? .just(1) : .error(error) }
        }

        XCTAssertEqual(attempts, 2)
        XCTAssertEqual(events, ["error(boom)"])
    }

    func testEachElementTheTriggerSendsForAFailureAsksForAnAttempt() {
        // `of` sends from the trampoline, after the subscription: each of its two elements per
        // failure starts an attempt, as in RxSwift, where each schedules one.
        let (attempts, events) = attempts { errors in errors.flatMap { _ in Observable.of(1, 1) }.take(3) }

        XCTAssertEqual(attempts, 4)
        XCTAssertEqual(events, ["completed"])
    }

    func testAFailureOnALaterTickStartsTheNextAttemptBeforeTheTriggerCompletes() {
        // Failing outside its subscription, an attempt's failure starts the next attempt from the
        // trigger's element, before the trigger's completion arrives; that attempt's failure then
        // hears the completion. RxSwift subscribes the same times.
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(5, 1), .error(10, TestError.boom)])

        let res = scheduler.start { xs.retry(when: { (errors: Observable<TestError>) in errors.take(1) }) }

        XCTAssertEqual(res.events, [.next(205, 1), .next(215, 1), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210), Subscription(210, 220)])
    }

}

extension ObservableType {
    /// The source's elements, then `TestError.boom` instead of completion.
    fileprivate func concatError() -> Observable<Element> {
        Observable.create { observer in
            self.subscribe(
                onNext: { observer.onNext($0) }, onError: { observer.onError($0) },
                onCompleted: { observer.onError(TestError.boom) })
        }
    }
}

// MARK: - Under contention

/// `retry(when:)` with a queued trigger, disposed from another thread.
final class RetryWhenUnderContentionTests: RetryContentionTestCase {
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
}
