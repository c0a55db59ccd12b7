import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

/// `Maybe`: its creators and its `subscribe` forms.
final class MaybeTraitTests: PrimitiveSequenceTestCase {
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
}
