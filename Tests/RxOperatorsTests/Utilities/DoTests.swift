import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

final class DoTests: RxTestCase {
    func testEachHandlerRunsAroundTheEventItWatches() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
        var log: [String] = []
        let observer = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(200) {
            _ = xs.do(
                onNext: { log.append("onNext \($0) at \(scheduler.clock)") },
                afterNext: { log.append("afterNext \($0)") },
                onCompleted: { log.append("onCompleted at \(scheduler.clock)") },
                afterCompleted: { log.append("afterCompleted, \(observer.events.count) events seen downstream") },
                onSubscribe: { log.append("onSubscribe, \(xs.subscriptions.count) source subscriptions") },
                onSubscribed: { log.append("onSubscribed, \(xs.subscriptions.count) source subscriptions") },
                onDispose: { log.append("onDispose at \(scheduler.clock)") }
            )
            .do(onNext: { log.append("downstream \($0)") })
            .subscribe(observer)
        }
        scheduler.start()

        XCTAssertEqual(
            log,
            [
                "onSubscribe, 0 source subscriptions", "onSubscribed, 1 source subscriptions",
                "onNext 1 at 210", "downstream 1", "afterNext 1",
                "onNext 2 at 220", "downstream 2", "afterNext 2",
                // The downstream `do` ends its subscription as soon as completion reaches it,
                // which releases this one's source before `afterCompleted` runs.
                "onCompleted at 250", "onDispose at 250", "afterCompleted, 3 events seen downstream",
            ])
        XCTAssertEqual(observer.events, [.next(210, 1), .next(220, 2), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testErrorHandlersSeeTheError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(250, TestError.boom)])
        var log: [String] = []

        let res = scheduler.start {
            xs.do(
                onError: { log.append("onError \($0)") }, afterError: { log.append("afterError \($0)") },
                onDispose: { log.append("onDispose") })
        }

        XCTAssertEqual(res.events, [.next(210, 1), .error(250, TestError.boom)])
        XCTAssertEqual(log, ["onError boom", "afterError boom", "onDispose"])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testDisposingMidStreamCallsOnDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .completed(300)])
        var disposedAt: [TestTime] = []

        let res = scheduler.start(disposed: 240) { xs.do(onDispose: { disposedAt.append(scheduler.clock) }) }

        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(disposedAt, [240])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
    }

    func testAThrowingOnNextReplacesTheElementWithTheError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
        var disposed = 0

        let res = scheduler.start {
            xs.do(
                onNext: { value in if value == 2 { throw TestError.boom } },
                onDispose: { disposed += 1 })
        }

        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError.boom)])
        XCTAssertEqual(disposed, 1)
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testAThrowingAfterNextSendsTheErrorAfterTheElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])

        let res = scheduler.start { xs.do(afterNext: { _ in throw TestError.boom }) }

        XCTAssertEqual(res.events, [.next(210, 1), .error(210, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
    }

    func testAThrowingOnCompletedReplacesCompletionWithTheError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(250)])

        let res = scheduler.start { xs.do(onCompleted: { throw TestError.boom }) }

        XCTAssertEqual(res.events, [.next(210, 1), .error(250, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testAThrowingOnErrorReplacesTheError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(250, TestError.boom)])

        let res = scheduler.start { xs.do(onError: { _ in throw TestError.other }) }

        XCTAssertEqual(res.events, [.next(210, 1), .error(250, TestError.other)])
    }

    func testAnErrorThrownAfterTheTerminalEventGoesToTheDefaultErrorHandler() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(250)])
        let ys = scheduler.createHotObservable([.error(260, TestError.boom, Int.self)])
        let unhandled = Locked<[String]>([])
        let previousHandler = Hooks.defaultErrorHandler
        Hooks.defaultErrorHandler = { _, error in unhandled.mutate { $0.append("\(error)") } }
        defer { Hooks.defaultErrorHandler = previousHandler }

        let completed = scheduler.createObserver(Int.self)
        let failed = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) {
            _ = xs.do(afterCompleted: { throw TestError.other }).subscribe(completed)
            _ = ys.do(afterError: { _ in throw TestError.other }).subscribe(failed)
        }
        scheduler.start()

        XCTAssertEqual(completed.events, [.next(210, 1), .completed(250)])
        XCTAssertEqual(failed.events, [.error(260, TestError.boom)])
        XCTAssertEqual(unhandled.value, ["other", "other"])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 260)])
    }

    func testSubscribeHandlersRunOncePerSubscription() {
        var log: [String] = []
        let source = Observable.of(1).do(
            onSubscribe: { log.append("subscribe") }, onSubscribed: { log.append("subscribed") },
            onDispose: { log.append("dispose") })

        _ = source.subscribe(onNext: { log.append("next \($0)") })
        _ = source.subscribe(onNext: { log.append("next \($0)") })

        XCTAssertEqual(
            log, ["subscribe", "subscribed", "next 1", "dispose", "subscribe", "subscribed", "next 1", "dispose"])
    }
}
