import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

final class CatchTests: RxTestCase {
    func testSwitchesToTheHandlersSequenceWhenTheSourceFails() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .error(230, TestError.boom)])
        let ys = scheduler.createHotObservable([.next(225, 9), .next(240, 5), .completed(250)])
        var caught: [TestError] = []

        let res = scheduler.start {
            xs.catch { error in
                caught.append(error as? TestError ?? .other)
                return ys.asObservable()
            }
        }

        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3), .next(240, 5), .completed(250)])
        XCTAssertEqual(caught, [.boom])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys.subscriptions, [Subscription(230, 250)])
    }

    func testWithMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-1-^-1-2-#", error: TestError.boom)
        let ys = try scheduler.createColdObservable("-7-8|")

        let res = scheduler.start { xs.catch { _ in ys.asObservable() } }

        assertMarbles(res, "--1-2--7-8|")
        assertSubscriptions(xs, "^-----!")
        assertSubscriptions(ys, "------^---!")
    }

    func testASourceThatCompletesNeverCallsTheHandler() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(230)])
        var called = false

        let res = scheduler.start {
            xs.catch { _ in
                called = true
                return .just(0)
            }
        }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(230)])
        XCTAssertFalse(called)
    }

    func testAThrowingHandlerSendsItsError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.boom)])

        let res = scheduler.start { xs.catch { _ in throw TestError.other } }

        XCTAssertEqual(res.events, [.next(210, 1), .error(230, TestError.other)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testTheHandlersSequenceIsNotCaughtInTurn() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.error(230, TestError.boom)] as [Recorded<Event<Int>>])
        let ys = scheduler.createColdObservable([.next(10, 1), .error(20, TestError.other)])
        var calls = 0

        let res = scheduler.start {
            xs.catch { _ in
                calls += 1
                return ys.asObservable()
            }
        }

        XCTAssertEqual(res.events, [.next(240, 1), .error(250, TestError.other)])
        XCTAssertEqual(calls, 1)
        XCTAssertEqual(ys.subscriptions, [Subscription(230, 250)])
    }

    func testDisposingWhileOnTheHandlersSequenceUnsubscribesIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.boom)])
        let ys = scheduler.createColdObservable([.next(10, 2), .next(30, 3), .completed(40)])

        let res = scheduler.start(disposed: 250) { xs.catch { _ in ys.asObservable() } }

        XCTAssertEqual(res.events, [.next(210, 1), .next(240, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys.subscriptions, [Subscription(230, 250)])
    }

    func testDisposingBeforeTheErrorNeverCallsTheHandler() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.boom)])
        var called = false

        let res = scheduler.start(disposed: 220) {
            xs.catch { _ in
                called = true
                return .just(0)
            }
        }

        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertFalse(called)
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testTheHandlersSequenceIsSubscribedBeforeTheFailedSubscriptionIsDisposed() {
        var log: [String] = []
        let subject = PublishSubject<Int>()
        let fallback = Observable<Int>.deferred {
            log.append("fallback subscribed")
            return .just(1)
        }
        let subscription = subject.do(onDispose: { log.append("source disposed") }).catch { _ in fallback }.subscribe(
            onNext: { log.append("next \($0)") }, onCompleted: { log.append("completed") })

        subject.onError(TestError.boom)

        XCTAssertEqual(log, ["fallback subscribed", "next 1", "completed", "source disposed"])
        subscription.dispose()
    }

    func testAFallbackSharingTheFailedSourceKeepsItConnected() {
        var connections = 0
        let subject = PublishSubject<Int>()
        let shared = Observable<Int>.deferred {
            connections += 1
            return subject.asObservable()
        }.share()
        var received: [Int] = []
        let subscription = shared.map { value -> Int in
            if value == 0 { throw TestError.boom }
            return value
        }
        .catch { _ in shared }
        .subscribe(onNext: { received.append($0) })

        subject.onNext(0)
        subject.onNext(5)

        XCTAssertEqual(connections, 1, "the fallback joined the running connection")
        XCTAssertEqual(received, [5])
        subscription.dispose()
    }

    func testASourceThatKeepsSendingAfterItsErrorIsIgnored() {
        // A raw observable: nothing of the framework between it and `catch` enforces the grammar.
        let source = DisposalIgnoringObservable<Int>()
        var received: [Int] = []
        let subscription = source.catch { _ in .never() }.subscribe(onNext: { received.append($0) })

        source.observer?.onNext(1)
        source.observer?.onError(TestError.boom)
        for value in 2...1000 {
            source.observer?.onNext(value)
        }
        source.observer?.onCompleted()

        XCTAssertEqual(received, [1])
        subscription.dispose()
        source.forget()
    }

    func testCatchAndReturnSendsTheElementThenCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.boom), .next(240, 2)])

        let res = scheduler.start { xs.catchAndReturn(42) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 42), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }
}
