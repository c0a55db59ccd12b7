import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

/// `Maybe`: its creators, its `subscribe` forms and its operators.
final class MaybeTraitTests: RxTestCase {
    private func maybe(_ scheduler: TestScheduler, _ value: Int?, at time: TestTime) -> Maybe<Int> {
        if let value {
            return scheduler.createHotObservable([.next(time, value), .completed(time)]).asMaybe()
        }
        return scheduler.createHotObservable([.completed(time, Int.self)]).asMaybe()
    }

    // MARK: create

    func testCreateSendsEachKindOfEvent() {
        let succeeding = TestScheduler(initialClock: 0).start {
            Maybe<Int>.create { observer in
                observer(.success(1))
                return Disposables.create()
            }
        }
        let completing = TestScheduler(initialClock: 0).start {
            Maybe<Int>.create { observer in
                observer(.completed)
                return Disposables.create()
            }
        }
        let failing = TestScheduler(initialClock: 0).start {
            Maybe<Int>.create { observer in
                observer(.error(TestError.boom))
                return Disposables.create()
            }
        }

        XCTAssertEqual(succeeding.events, [.next(200, 1), .completed(200)])
        XCTAssertEqual(completing.events, [.completed(200)])
        XCTAssertEqual(failing.events, [.error(200, TestError.boom)])
    }

    func testCreateIgnoresEveryCallAfterTheFirst() {
        var events: [String] = []
        var disposals = 0
        var send: ((MaybeEvent<Int>) -> Void)?
        let maybe = Maybe<Int>.create { observer in
            send = observer
            return Disposables.create { disposals += 1 }
        }

        _ = maybe.subscribe { events.append(describe($0)) }
        send?(.completed)
        send?(.success(2))
        send?(.error(TestError.boom))

        XCTAssertEqual(events, ["completed"])
        XCTAssertEqual(disposals, 1)
        send = nil
    }

    // MARK: subscribe

    func testSubscribeFormsCallTheirHandlerThenOnDisposed() {
        var log: [String] = []
        func subscribe(_ maybe: Maybe<Int>) {
            _ = maybe.subscribe(
                onSuccess: { log.append("success \($0)") }, onError: { log.append("error \($0)") },
                onCompleted: { log.append("completed") }, onDisposed: { log.append("disposed") })
        }

        subscribe(.just(1))
        subscribe(.empty())
        subscribe(.error(TestError.boom))
        subscribe(.never())

        XCTAssertEqual(log, ["success 1", "disposed", "completed", "disposed", "error boom", "disposed"])
    }

    func testSubscribeHandsOverTheFirstEventOnly() {
        var events: [String] = []

        _ = Maybe.just(1).subscribe { events.append(describe($0)) }
        _ = Maybe<Int>.empty().subscribe { events.append(describe($0)) }
        _ = Maybe<Int>.error(TestError.boom).subscribe { events.append(describe($0)) }

        XCTAssertEqual(events, ["success(1)", "completed", "error(boom)"])
    }

    func testSubscribeWithClosuresHearsTheFirstEventOnlyAndReleasesThemAfterIt() {
        final class Owner {}
        let subject = PublishSubject<Int>()
        let maybe = Maybe<Int>.deferred {
            .create { observer in
                subject.subscribe(
                    onNext: { observer(.success($0)) }, onError: { observer(.error($0)) },
                    onCompleted: { observer(.completed) })
            }
        }
        var log: [String] = []
        weak var weakOwner: Owner?
        var held: (any Disposable)?
        do {
            let owner = Owner()
            weakOwner = owner
            held = maybe.subscribe(
                onSuccess: {
                    _ = owner
                    log.append("success \($0)")
                }, onError: { _ in log.append("error") },
                onCompleted: { log.append("completed") },
                onDisposed: {
                    _ = owner
                    log.append("disposed")
                })
        }

        subject.onNext(3)
        subject.onCompleted()

        XCTAssertEqual(log, ["success 3", "disposed"])
        XCTAssertNil(weakOwner, "the closures go with the subscription while its disposable is still held")
        held?.dispose()
    }

    func testAnErrorWithoutOnErrorGoesToTheDefaultErrorHandler() {
        let unhandled = Locked<[String]>([])
        let previousHandler = Hooks.defaultErrorHandler
        Hooks.defaultErrorHandler = { _, error in unhandled.mutate { $0.append("\(error)") } }
        defer { Hooks.defaultErrorHandler = previousHandler }

        _ = Maybe<Int>.error(TestError.boom).subscribe(onSuccess: { _ in })
        _ = Maybe<Int>.error(TestError.other).subscribe(with: self, onSuccess: { _, _ in })

        XCTAssertEqual(unhandled.value, ["boom"])
    }

    func testSubscribeWithAnObject() {
        final class Owner {
            var log: [String] = []
        }
        let owner = Owner()

        _ = Maybe.just(1).subscribe(
            with: owner, onSuccess: { $0.log.append("success \($1)") }, onDisposed: { $0.log.append("disposed") })
        _ = Maybe<Int>.empty().subscribe(with: owner, onCompleted: { $0.log.append("completed") })
        _ = Maybe<Int>.error(TestError.boom).subscribe(with: owner, onError: { $0.log.append("error \($1)") })

        XCTAssertEqual(owner.log, ["success 1", "disposed", "completed", "error boom"])
    }

    func testDisposingBeforeTheEventCallsOnlyOnDisposed() {
        var log: [String] = []

        let subscription = Maybe<Int>.never().subscribe(
            onSuccess: { _ in log.append("success") }, onCompleted: { log.append("completed") },
            onDisposed: { log.append("disposed") })
        subscription.dispose()
        subscription.dispose()

        XCTAssertEqual(log, ["disposed"])
    }

    // MARK: creators

    func testJustEmptyErrorNever() {
        let onScheduler = TestScheduler(initialClock: 0)
        let just = TestScheduler(initialClock: 0).start { Maybe.just(1) }
        let scheduled = onScheduler.start { Maybe.just(2, scheduler: onScheduler) }
        let empty = TestScheduler(initialClock: 0).start { Maybe<Int>.empty() }
        let failed = TestScheduler(initialClock: 0).start { Maybe<Int>.error(TestError.boom) }
        let never = TestScheduler(initialClock: 0).start { Maybe<Int>.never() }

        XCTAssertEqual(just.events, [.next(200, 1), .completed(200)])
        XCTAssertEqual(scheduled.events, [.next(201, 2), .completed(202)])
        XCTAssertEqual(empty.events, [.completed(200)])
        XCTAssertEqual(failed.events, [.error(200, TestError.boom)])
        XCTAssertEqual(never.events, [])
    }

    // MARK: operators

    func testMapFilterAndCompactMap() {
        let scheduler = TestScheduler(initialClock: 0)
        let mapped = scheduler.start { self.maybe(scheduler, 2, at: 230).map { $0 * 3 } }
        let other = TestScheduler(initialClock: 0)
        let filtered = other.start { self.maybe(other, 2, at: 230).filter { $0 > 5 } }
        let third = TestScheduler(initialClock: 0)
        let compact = third.start { self.maybe(third, 2, at: 230).compactMap { $0 == 2 ? "two" : nil } }
        let fourth = TestScheduler(initialClock: 0)
        let emptyMapped = fourth.start { self.maybe(fourth, nil, at: 240).map { $0 * 3 } }

        XCTAssertEqual(mapped.events, [.next(230, 6), .completed(230)])
        XCTAssertEqual(filtered.events, [.completed(230)])
        XCTAssertEqual(compact.events, [.next(230, "two"), .completed(230)])
        XCTAssertEqual(emptyMapped.events, [.completed(240)])
    }

    func testWithMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-^--|", values: [Character: Int]())

        let res = scheduler.start { xs.asMaybe().ifEmpty(switchTo: Maybe.just(7)).map { $0 + 1 } }

        assertMarbles(res, "---(a|)", values: ["a": 8])
        assertSubscriptions(xs, "^--!")
    }

    func testFlatMapSubscribesToTheSelectedMaybe() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.next(20, "x"), .completed(20)])

        let res = scheduler.start { self.maybe(scheduler, 1, at: 220).flatMap { _ in inner.asMaybe() } }

        XCTAssertEqual(res.events, [.next(240, "x"), .completed(240)])
        XCTAssertEqual(inner.subscriptions, [Subscription(220, 240)])
    }

    func testDoRunsItsHandlers() {
        var log: [String] = []

        _ = Maybe.just(1)
            .do(
                onNext: { log.append("onNext \($0)") }, afterNext: { log.append("afterNext \($0)") },
                onCompleted: { log.append("onCompleted") }, afterCompleted: { log.append("afterCompleted") },
                onSubscribe: { log.append("onSubscribe") }, onSubscribed: { log.append("onSubscribed") },
                onDispose: { log.append("onDispose") }
            )
            .subscribe(onSuccess: { log.append("success \($0)") })
        _ = Maybe<Int>.error(TestError.boom)
            .do(onError: { log.append("onError \($0)") }, afterError: { log.append("afterError \($0)") })
            .subscribe(onError: { log.append("error \($0)") })

        XCTAssertEqual(
            log,
            [
                "onSubscribe", "onNext 1", "success 1", "afterNext 1", "onCompleted", "afterCompleted",
                "onSubscribed", "onDispose", "onError boom", "error boom", "afterError boom",
            ])
    }

    func testIfEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        let fallback = scheduler.createColdObservable([.next(10, 9), .completed(10)])

        let defaulted = TestScheduler(initialClock: 0)
        let byDefault = defaulted.start { self.maybe(defaulted, nil, at: 230).ifEmpty(default: 5) }
        let switched = scheduler.start { self.maybe(scheduler, nil, at: 230).ifEmpty(switchTo: fallback.asSingle()) }
        let kept = TestScheduler(initialClock: 0)
        let notEmpty = kept.start { self.maybe(kept, 1, at: 230).ifEmpty(default: 5) }

        XCTAssertEqual(byDefault.events, [.next(230, 5), .completed(230)])
        XCTAssertEqual(switched.events, [.next(240, 9), .completed(240)])
        XCTAssertEqual(fallback.subscriptions, [Subscription(230, 240)])
        XCTAssertEqual(notEmpty.events, [.next(230, 1), .completed(230)])
    }

    func testCatchAndReturnAndCatch() {
        let scheduler = TestScheduler(initialClock: 0)
        let failing = scheduler.createHotObservable([.error(230, TestError.boom, Int.self)]).asMaybe()
        let other = TestScheduler(initialClock: 0)
        let second = other.createHotObservable([.error(230, TestError.boom, Int.self)]).asMaybe()

        let returned = scheduler.start { failing.catchAndReturn(3) }
        let caught = other.start { second.catch { _ in .empty() } }

        XCTAssertEqual(returned.events, [.next(230, 3), .completed(230)])
        XCTAssertEqual(caught.events, [.completed(230)])
    }

    func testZipCompletesWithoutAnElementWhenOneIsEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        let some = maybe(scheduler, 1, at: 240)
        let none = maybe(scheduler, nil, at: 220)
        let other = TestScheduler(initialClock: 0)
        let first = maybe(other, 1, at: 240)
        let second = maybe(other, 2, at: 220)

        let empty = scheduler.start { Maybe.zip(some, none) { $0 + $1 } }
        let both = other.start { Maybe.zip(first, second) }

        XCTAssertEqual(empty.events, [.completed(240)])
        XCTAssertEqual(both.events.map(\.time), [240, 240])
        XCTAssertEqual(both.events.first?.value.element.map { "\($0)" }, "(1, 2)")
    }

    func testZipOfEveryArity() {
        var results: [String] = []
        let one = Maybe.just(1)

        _ = Maybe.zip(one, one, one).subscribe(onSuccess: { results.append("\($0)") })
        _ = Maybe.zip(one, one, one, one, one).subscribe(onSuccess: { results.append("\($0)") })
        _ = Maybe.zip(one, one, one, one, one, one, one) { $0 + $1 + $2 + $3 + $4 + $5 + $6 }
            .subscribe(onSuccess: { results.append("\($0)") })

        XCTAssertEqual(results, ["(1, 1, 1)", "(1, 1, 1, 1, 1)", "7"])
    }

    func testDisposedMidWay() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(250, 1), .completed(250)])

        let res = scheduler.start(disposed: 230) { xs.asMaybe().map { $0 + 1 } }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }
}
