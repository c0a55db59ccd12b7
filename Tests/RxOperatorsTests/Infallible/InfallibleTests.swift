import RxCore
import RxDisposables
import RxOperators
import RxRelay
import RxTestHelpers
import RxTestSupport
import XCTest

/// `Infallible` itself: its events and its `subscribe` forms.
final class InfallibleTests: RxTestCase {
    // MARK: events

    func testAnInfallibleEventCarriesTheSameObservableEvent() {
        XCTAssertEqual(InfallibleEvent.next(3).event, Event.next(3))
        XCTAssertEqual(InfallibleEvent<Int>.completed.event, Event<Int>.completed)
    }

    func testDematerializeReadsInfallibleEvents() {
        let res = TestScheduler(initialClock: 0).start {
            Observable.of(InfallibleEvent.next(1), .next(2), .completed, .next(3)).dematerialize()
        }

        XCTAssertEqual(res.events, [.next(200, 1), .next(200, 2), .completed(200)])
    }

    func testAsObservableIsTheWrappedSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])

        let res = scheduler.start { xs.asInfallible(onErrorJustReturn: 0).asObservable().map { $0 * 10 } }

        XCTAssertEqual(res.events, [.next(210, 10), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    // MARK: subscribe forms

    func testSubscribeCallsOnNextOnCompletedThenOnDisposed() {
        var log: [String] = []

        _ = Infallible.of(1, 2).subscribe(
            onNext: { log.append("next \($0)") }, onCompleted: { log.append("completed") },
            onDisposed: { log.append("disposed") })

        XCTAssertEqual(log, ["next 1", "next 2", "completed", "disposed"])
    }

    func testDisposingCallsOnlyOnDisposedAndOnlyOnce() {
        var log: [String] = []
        let subscription = Infallible<Int>.never().subscribe(
            onNext: { log.append("next \($0)") }, onCompleted: { log.append("completed") },
            onDisposed: { log.append("disposed") })

        subscription.dispose()
        subscription.dispose()

        XCTAssertEqual(log, ["disposed"])
    }

    func testSubscribeWithAnEventHandlerReceivesElementsAndCompletion() {
        var events: [InfallibleEvent<Int>] = []

        _ = Infallible.of(1, 2).subscribe { events.append($0) }

        XCTAssertEqual(events, [.next(1), .next(2), .completed])
    }

    func testSubscribeWithAnObjectPassesItWhileItLives() {
        final class Owner {
            var log: [String] = []
        }
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let owner = Owner()

        _ = xs.asInfallible(onErrorJustReturn: -1).subscribe(
            with: owner, onNext: { $0.log.append("next \($1)") }, onCompleted: { $0.log.append("completed") },
            onDisposed: { $0.log.append("disposed") })
        scheduler.start()

        XCTAssertEqual(owner.log, ["next 1", "next 2", "completed", "disposed"])
    }

    func testSubscribeWithAnObjectStopsCallingOnceItIsReleased() {
        final class Owner {
            let calls: Counter
            init(calls: Counter) { self.calls = calls }
        }
        let calls = Counter()
        var owner: Owner? = Owner(calls: calls)
        let relay = PublishRelay<Int>()
        weak let released = owner
        let subscription = relay.asInfallible().subscribe(
            with: owner!, onNext: { object, _ in object.calls.increment() },
            onDisposed: { object in object.calls.increment() })

        relay.accept(1)
        owner = nil
        relay.accept(2)
        subscription.dispose()

        XCTAssertNil(released, "the subscription holds the object weakly")
        XCTAssertEqual(calls.value, 1)
    }

    // MARK: an error that reaches an infallible sequence anyway

    func testAnErrorReachingSubscribeOnNextGoesToTheDefaultErrorHandler() {
        let reported = Locked<[String]>([])
        let previous = Hooks.defaultErrorHandler
        Hooks.defaultErrorHandler = { _, error in reported.mutate { $0.append("\(error)") } }
        defer { Hooks.defaultErrorHandler = previous }
        var log: [String] = []

        _ = Infallible.of(1, 2).map { $0 }.take(while: { value in
            if value == 2 { throw TestError.boom }
            return true
        }).subscribe(
            onNext: { log.append("next \($0)") }, onCompleted: { log.append("completed") },
            onDisposed: { log.append("disposed") })

        XCTAssertEqual(log, ["next 1", "disposed"])
        XCTAssertEqual(reported.value, ["boom"])
    }

    func testAnErrorReachingSubscribeWithAnObjectGoesToTheDefaultErrorHandler() {
        final class Owner {}
        let reported = Locked<[String]>([])
        let previous = Hooks.defaultErrorHandler
        Hooks.defaultErrorHandler = { _, error in reported.mutate { $0.append("\(error)") } }
        defer { Hooks.defaultErrorHandler = previous }
        let owner = Owner()
        var disposals = 0

        _ = Infallible<Int>.deferred { throw TestError.other }.subscribe(
            with: owner, onDisposed: { _ in disposals += 1 })

        XCTAssertEqual(reported.value, ["other"])
        XCTAssertEqual(disposals, 1)
    }
}
