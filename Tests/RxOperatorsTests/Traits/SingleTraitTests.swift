import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

/// `Single`: its creators, its `subscribe` forms and the grammar they keep.
final class SingleTraitTests: RxTestCase {
    // MARK: create

    func testCreateSendsTheSuccessAsAnElementAndACompletion() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start {
            Single<Int>.create { observer in
                observer(.success(7))
                return Disposables.create()
            }
        }

        XCTAssertEqual(res.events, [.next(200, 7), .completed(200)])
    }

    func testCreateSendsTheFailure() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start {
            Single<Int>.create { observer in
                observer(.failure(TestError.boom))
                return Disposables.create()
            }
        }

        XCTAssertEqual(res.events, [.error(200, TestError.boom)])
    }

    func testCreateIgnoresEveryCallAfterTheFirst() {
        var events: [SingleEvent<Int>] = []
        var disposals = 0
        var send: ((SingleEvent<Int>) -> Void)?
        let single = Single<Int>.create { observer in
            send = observer
            return Disposables.create { disposals += 1 }
        }

        _ = single.subscribe { events.append($0) }
        send?(.success(1))
        send?(.success(2))
        send?(.failure(TestError.boom))

        XCTAssertEqual(events.map(describe), ["success(1)"])
        XCTAssertEqual(disposals, 1, "the first event ends the subscription and runs its disposable")
        send = nil
    }

    func testCreateBodyRunsForEverySubscriberAndItsDisposableRunsOnDisposal() {
        var subscriptions = 0
        var disposals = 0
        let single = Single<Int>.create { _ in
            subscriptions += 1
            return Disposables.create { disposals += 1 }
        }

        let first = single.subscribe(onSuccess: { _ in })
        let second = single.subscribe(onSuccess: { _ in })
        first.dispose()
        second.dispose()

        XCTAssertEqual(subscriptions, 2)
        XCTAssertEqual(disposals, 2)
    }

    // MARK: subscribe

    func testSubscribeHandsOverTheSuccessAsTheElementArrives() {
        let subject = PublishSubject<Int>()
        let single = Single<Int>.deferred {
            .create { observer in
                subject.subscribe(onNext: { observer(.success($0)) })
            }
        }
        var events: [String] = []

        _ = single.subscribe { events.append(describe($0)) }
        subject.onNext(3)
        subject.onNext(4)

        XCTAssertEqual(events, ["success(3)"])
    }

    func testSubscribeWithClosuresHearsOnlyTheFirstEvent() {
        let subject = PublishSubject<Int>()
        let single = Single<Int>.deferred {
            .create { observer in
                subject.subscribe(
                    onNext: { observer(.success($0)) }, onError: { observer(.failure($0)) })
            }
        }
        var log: [String] = []

        _ = single.subscribe(
            onSuccess: { log.append("success \($0)") }, onFailure: { log.append("failure \($0)") },
            onDisposed: { log.append("disposed") })
        subject.onNext(3)
        subject.onNext(4)
        subject.onError(TestError.boom)

        XCTAssertEqual(log, ["success 3", "disposed"])
        XCTAssertFalse(subject.hasObservers, "the success ends the subscription")
    }

    /// The pattern `single.subscribe(onSuccess: { self… }, onDisposed: { self… }).disposed(by:
    /// bag)` must not keep `self` alive through the bag once the single has ended.
    func testTheClosuresAreReleasedOnceTheSingleEndsWhileItsDisposableIsStillHeld() {
        final class Owner {}
        var send: ((SingleEvent<Int>) -> Void)?
        let later = Single<Int>.create { observer in
            send = observer
            return Disposables.create()
        }
        weak var weakOwner: Owner?
        var held: [any Disposable] = []
        do {
            let owner = Owner()
            weakOwner = owner
            held.append(Single.just(1).subscribe(onSuccess: { _ in _ = owner }, onDisposed: { _ = owner }))
            held.append(
                Single<Int>.error(TestError.boom).subscribe(onFailure: { _ in _ = owner }, onDisposed: { _ = owner }))
            held.append(later.subscribe(onSuccess: { _ in _ = owner }, onDisposed: { _ = owner }))
        }
        XCTAssertNotNil(weakOwner, "the pending single still needs its closures")

        send?(.success(2))
        send = nil

        XCTAssertNil(weakOwner)
        for disposable in held { disposable.dispose() }
    }

    func testSubscribeCallsOnSuccessThenOnDisposed() {
        var log: [String] = []

        _ = Single.just(1).subscribe(
            onSuccess: { log.append("success \($0)") }, onFailure: { log.append("failure \($0)") },
            onDisposed: { log.append("disposed") })
        _ = Single<Int>.error(TestError.boom).subscribe(
            onSuccess: { log.append("success \($0)") }, onFailure: { log.append("failure \($0)") },
            onDisposed: { log.append("disposed") })

        XCTAssertEqual(log, ["success 1", "disposed", "failure boom", "disposed"])
    }

    func testDisposingBeforeTheEventCallsOnlyOnDisposedOnce() {
        var log: [String] = []

        let subscription = Single<Int>.never().subscribe(
            onSuccess: { log.append("success \($0)") }, onFailure: { _ in log.append("failure") },
            onDisposed: { log.append("disposed") })
        subscription.dispose()
        subscription.dispose()

        XCTAssertEqual(log, ["disposed"])
    }

    func testAFailureWithoutOnFailureGoesToTheDefaultErrorHandler() {
        let unhandled = Locked<[String]>([])
        let previousHandler = Hooks.defaultErrorHandler
        Hooks.defaultErrorHandler = { _, error in unhandled.mutate { $0.append("\(error)") } }
        defer { Hooks.defaultErrorHandler = previousHandler }

        _ = Single<Int>.error(TestError.boom).subscribe(onSuccess: { _ in })
        _ = Single<Int>.error(TestError.other).subscribe(onFailure: { _ in })

        XCTAssertEqual(unhandled.value, ["boom"])
    }

    func testAnUnhandledFailureReachesTheDefaultErrorHandlerWithTheRecordedCallStack() {
        let received = Locked<[String]>([])
        let previousHandler = Hooks.defaultErrorHandler
        let previousCapture = Hooks.customCaptureSubscriptionCallstack
        Hooks.defaultErrorHandler = { callStack, error in received.mutate { $0.append("\(callStack) \(error)") } }
        Hooks.customCaptureSubscriptionCallstack = { ["subscribed here"] }
        Hooks.recordCallStackOnError = true
        defer {
            Hooks.recordCallStackOnError = false
            Hooks.defaultErrorHandler = previousHandler
            Hooks.customCaptureSubscriptionCallstack = previousCapture
        }

        _ = Single<Int>.error(TestError.boom).subscribe(onSuccess: { _ in })
        _ = Maybe<Int>.error(TestError.other).subscribe(onSuccess: { _ in })
        _ = Completable.error(TestError.boom).subscribe(onCompleted: {})

        XCTAssertEqual(
            received.value, ["[\"subscribed here\"] boom", "[\"subscribed here\"] other", "[\"subscribed here\"] boom"])
    }

    func testSubscribeWithAnObjectPassesItAndStopsOnceItIsReleased() {
        final class Owner {
            var log: [String] = []
        }
        var owner: Owner? = Owner()
        let kept = owner
        var send: ((SingleEvent<Int>) -> Void)?
        let single = Single<Int>.create { observer in
            send = observer
            return Disposables.create()
        }

        _ = Single.just(5).subscribe(
            with: kept!, onSuccess: { $0.log.append("success \($1)") }, onDisposed: { $0.log.append("disposed") })
        _ = Single<Int>.error(TestError.boom).subscribe(with: kept!, onFailure: { $0.log.append("failure \($1)") })
        let weakOwner = Owner()
        _ = single.subscribe(with: weakOwner, onSuccess: { $0.log.append("late \($1)") })
        XCTAssertEqual(kept?.log, ["success 5", "disposed", "failure boom"])

        owner = nil
        send?(.success(9))
        XCTAssertEqual(weakOwner.log, ["late 9"])
        send = nil
    }

    func testAWeaklyHeldObjectReleasedBeforeTheEventHearsNothing() {
        final class Owner {
            let log: Locked<[String]>
            init(_ log: Locked<[String]>) { self.log = log }
        }
        let log = Locked<[String]>([])
        var send: ((SingleEvent<Int>) -> Void)?
        let single = Single<Int>.create { observer in
            send = observer
            return Disposables.create()
        }
        var owner: Owner? = Owner(log)

        _ = single.subscribe(
            with: owner!, onSuccess: { owner, element in owner.log.mutate { $0.append("success \(element)") } },
            onDisposed: { owner in owner.log.mutate { $0.append("disposed") } })
        owner = nil
        send?(.success(1))

        XCTAssertEqual(log.value, [])
        send = nil
    }

    func testASingleThatCompletesWithoutAnElementIsReceivedAsNoElements() {
        // Only `retry(when:)` whose trigger completes makes one; RxSwift stops debug builds there.
        var events: [String] = []
        var failures: [String] = []
        let single = Single<Int>.error(TestError.boom).retry(when: { errors in errors.take(0) })

        _ = single.subscribe { events.append(describe($0)) }
        _ = single.subscribe(onSuccess: { _ in failures.append("success") }, onFailure: { failures.append("\($0)") })

        XCTAssertEqual(events, ["failure(\(RxError.noElements))"])
        XCTAssertEqual(failures, ["\(RxError.noElements)"])
    }

    // MARK: just, error, never, timer

    func testJustErrorAndNever() {
        let scheduler = TestScheduler(initialClock: 0)
        let just = scheduler.start { Single.just(1) }
        let onScheduler = TestScheduler(initialClock: 0)
        let scheduled = onScheduler.start { Single.just(2, scheduler: onScheduler) }
        let failed = TestScheduler(initialClock: 0).start { Single<Int>.error(TestError.boom) }
        let never = TestScheduler(initialClock: 0).start { Single<Int>.never() }

        XCTAssertEqual(just.events, [.next(200, 1), .completed(200)])
        XCTAssertEqual(scheduled.events, [.next(201, 2), .completed(202)])
        XCTAssertEqual(failed.events, [.error(200, TestError.boom)])
        XCTAssertEqual(never.events, [])
    }

    func testTimerSucceedsWithZeroAfterTheDueTime() {
        let scheduler = TestScheduler(initialClock: 0)

        let single = scheduler.start { Single<Int>.timer(.seconds(30), scheduler: scheduler) }
        let other = TestScheduler(initialClock: 0)
        let maybe = other.start { Maybe<Int>.timer(.seconds(5), scheduler: other) }

        XCTAssertEqual(single.events, [.next(230, 0), .completed(230)])
        XCTAssertEqual(maybe.events, [.next(205, 0), .completed(205)])
    }

    func testTimerAtTheEndOfTheClockDoesNotTrap() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start(disposed: 400) { Single<Int>.timer(.seconds(Int.max), scheduler: scheduler) }

        XCTAssertEqual(res.events, [])
    }
}

/// The case and payload of a `SingleEvent`, for comparing in tests.
func describe<Element>(_ event: SingleEvent<Element>) -> String {
    switch event {
    case .success(let element): "success(\(element))"
    case .failure(let error): "failure(\(error))"
    }
}

/// The case and payload of a `MaybeEvent`, for comparing in tests.
func describe<Element>(_ event: MaybeEvent<Element>) -> String {
    switch event {
    case .success(let element): "success(\(element))"
    case .error(let error): "error(\(error))"
    case .completed: "completed"
    }
}

/// The case and payload of a `CompletableEvent`, for comparing in tests.
func describe(_ event: CompletableEvent) -> String {
    switch event {
    case .error(let error): "error(\(error))"
    case .completed: "completed"
    }
}
