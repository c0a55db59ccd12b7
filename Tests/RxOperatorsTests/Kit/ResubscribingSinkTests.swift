import Dispatch
import Foundation
import RxDisposables
import RxTestHelpers
import RxTestSupport
import XCTest

@testable import RxCore
@testable import RxOperators

/// ``ResubscribingSink`` through its own API: a minimal subclass that subscribes to the same
/// source again after each failure, up to a number of attempts (a retry).
final class ResubscribingSinkTests: RxTestCase {
    final class Again<Observer: ObserverType>: ResubscribingSink<Observer> {
        let source: Observable<Observer.Element>
        let attempts: Int
        private(set) var started = 0

        init(_ source: Observable<Observer.Element>, attempts: Int, observer: Observer) {
            self.source = source
            self.attempts = attempts
            super.init(observer: observer, cancel: BooleanDisposable())
            // As a producer's `run` does: disposing the sink ends the current attempt.
            _ = holding(attempt)
        }

        override func startNextAttempt() {
            started += 1
            subscribeAttempt(to: source)
        }

        override func attemptFailed(_ error: any Swift.Error) {
            if started < attempts {
                requestNextAttempt()
            } else {
                forwardErrorAndDispose(error)
            }
        }
    }

    func testSourcesThatFailWhileBeingSubscribedAreRetriedFromALoopNotRecursively() {
        var depth = 0
        var deepest = 0
        var subscriptions = 0
        let failing = Observable<Int>.create { observer in
            depth += 1
            deepest = max(deepest, depth)
            subscriptions += 1
            observer.onNext(subscriptions)
            observer.onError(TestError.boom)
            depth -= 1
            return Disposables.create()
        }
        let recorder = NestingRecorder<Int>()
        let sink = Again(failing, attempts: 10_000, observer: recorder)

        sink.requestNextAttempt()

        XCTAssertEqual(subscriptions, 10_000)
        XCTAssertEqual(recorder.elements, Array(1...10_000))
        XCTAssertEqual(recorder.events.last?.error as? TestError, .boom)
        XCTAssertEqual(deepest, 1, "an attempt was started from inside another's subscription")
    }

    func testTheLoopStopsOnceTheSinkIsDisposed() {
        let failing = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onError(TestError.boom)
            return Disposables.create()
        }
        let recorder = NestingRecorder<Int>()
        let sink = Again(failing, attempts: .max, observer: recorder)
        recorder.onEvent = { _ in
            if recorder.events.count == 3 { sink.dispose() }
        }

        sink.requestNextAttempt()

        XCTAssertEqual(sink.started, 3, "no attempt starts after disposal")
        XCTAssertEqual(recorder.elements, [1, 1, 1])
        recorder.stop()
    }

    func testEachAttemptEndsThePreviousSubscriptionBeforeItStarts() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable([.next(10, 1), .error(20, TestError.boom)])
        let observer = scheduler.createObserver(Int.self)
        let sink = Again(source.asObservable(), attempts: 3, observer: observer)

        sink.requestNextAttempt()
        scheduler.start()

        XCTAssertEqual(observer.events, [.next(10, 1), .next(30, 1), .next(50, 1), .error(60, TestError.boom)])
        XCTAssertEqual(source.subscriptions, [Subscription(0, 20), Subscription(20, 40), Subscription(40, 60)])
    }

    func testAnAttemptThatKeepsSendingAfterItsTerminalEventSendsNothingMore() {
        let stubborn = DisposalIgnoringObservable<Int>()
        let recorder = NestingRecorder<Int>()
        let sink = Again(stubborn.asObservable(), attempts: 2, observer: recorder)

        sink.requestNextAttempt()
        let first = stubborn.observer
        first?.onNext(1)
        first?.onError(TestError.boom)
        first?.onNext(2)
        first?.onError(TestError.other)
        stubborn.observer?.onNext(3)
        stubborn.observer?.onCompleted()

        XCTAssertEqual(recorder.events, [.next(1), .next(3), .completed])
        XCTAssertEqual(sink.started, 2)
        stubborn.forget()
    }

    func testDisposingFromAnotherThreadStopsALoopThatNeverEnds() {
        let started = DispatchSemaphore(value: 0)
        let failing = Observable<Int>.create { observer in
            started.signal()
            observer.onError(TestError.boom)
            return Disposables.create()
        }
        let sink = Again(failing, attempts: .max, observer: AnyObserver<Int> { _ in })
        let shared = UncheckedSendable(sink)
        let done = DispatchSemaphore(value: 0)
        // The sink is what stops the loop from the other thread: sharing it is what the test checks.
        Thread {
            shared.value.requestNextAttempt()
            done.signal()
        }.start()

        XCTAssertEqual(started.wait(timeout: .now() + 10), .success)
        sink.dispose()

        XCTAssertEqual(done.wait(timeout: .now() + 10), .success, "the loop went on after disposal")
    }
}
