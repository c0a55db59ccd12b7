import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

/// `Completable`: its creators, its `subscribe` forms, `concat`, `zip` and `andThen`.
final class CompletableTraitTests: RxTestCase {
    /// A `Completable` that completes at `time`, and the hot source it is made from.
    private func completing(_ scheduler: TestScheduler, at time: TestTime) -> (TestableObservable<Never>, Completable) {
        let xs = scheduler.createHotObservable([Recorded<Event<Never>>.completed(time)])
        return (xs, xs.asCompletable())
    }

    private func failing(_ scheduler: TestScheduler, at time: TestTime) -> (TestableObservable<Never>, Completable) {
        let xs = scheduler.createHotObservable([Recorded<Event<Never>>.error(time, TestError.boom)])
        return (xs, xs.asCompletable())
    }

    /// The terminal events `completable` sent, with their times.
    private func record(
        _ scheduler: TestScheduler, disposed: TestTime = 1000, _ completable: @escaping () -> Completable
    )
        -> [String]
    {
        scheduler.start(disposed: disposed) { completable().asObservable().materialize() }.events.compactMap {
            guard let event = $0.value.element else { return nil }
            return "\(event.isCompleted ? "completed" : "error(\(event.error!))") @ \($0.time)"
        }
    }

    // MARK: create and subscribe

    func testCreateSendsTheFirstEventOnly() {
        var events: [String] = []
        var disposals = 0
        var send: ((CompletableEvent) -> Void)?
        let completable = Completable.create { observer in
            send = observer
            return Disposables.create { disposals += 1 }
        }

        _ = completable.subscribe { events.append(describe($0)) }
        send?(.error(TestError.boom))
        send?(.completed)

        XCTAssertEqual(events, ["error(boom)"])
        XCTAssertEqual(disposals, 1)
        send = nil
    }

    func testCreateOnVirtualTime() {
        let scheduler = TestScheduler(initialClock: 0)

        let events = record(scheduler) {
            Completable.create { observer in
                scheduler.scheduleRelative((), dueTime: .seconds(20)) { _ in
                    observer(.completed)
                    return Disposables.create()
                }
            }
        }

        XCTAssertEqual(events, ["completed @ 220"])
    }

    func testSubscribeFormsCallTheirHandlerThenOnDisposed() {
        var log: [String] = []
        final class Owner {
            var log: [String] = []
        }
        let owner = Owner()

        _ = Completable.empty().subscribe(
            onCompleted: { log.append("completed") }, onError: { log.append("error \($0)") },
            onDisposed: { log.append("disposed") })
        _ = Completable.error(TestError.boom).subscribe(
            onCompleted: { log.append("completed") }, onError: { log.append("error \($0)") },
            onDisposed: { log.append("disposed") })
        Completable.never().subscribe(onDisposed: { log.append("never disposed") }).dispose()
        _ = Completable.empty().subscribe(
            with: owner, onCompleted: { $0.log.append("completed") }, onDisposed: { $0.log.append("disposed") })
        _ = Completable.error(TestError.other).subscribe(with: owner, onError: { $0.log.append("error \($1)") })

        XCTAssertEqual(log, ["completed", "disposed", "error boom", "disposed", "never disposed"])
        XCTAssertEqual(owner.log, ["completed", "disposed", "error other"])
    }

    func testTheClosuresAreReleasedOnceItEndsWhileItsDisposableIsStillHeld() {
        final class Owner {}
        let subject = PublishSubject<Never>()
        weak var weakOwner: Owner?
        var log: [String] = []
        var held: (any Disposable)?
        do {
            let owner = Owner()
            weakOwner = owner
            held = subject.asCompletable().subscribe(
                onCompleted: {
                    _ = owner
                    log.append("completed")
                }, onError: { _ in log.append("error") },
                onDisposed: {
                    _ = owner
                    log.append("disposed")
                })
        }
        XCTAssertNotNil(weakOwner)

        subject.onCompleted()

        XCTAssertEqual(log, ["completed", "disposed"])
        XCTAssertNil(weakOwner)
        held?.dispose()
    }

    func testAnErrorWithoutOnErrorGoesToTheDefaultErrorHandler() {
        let unhandled = Locked<[String]>([])
        let previousHandler = Hooks.defaultErrorHandler
        Hooks.defaultErrorHandler = { _, error in unhandled.mutate { $0.append("\(error)") } }
        defer { Hooks.defaultErrorHandler = previousHandler }

        _ = Completable.error(TestError.boom).subscribe(onCompleted: {})
        _ = Completable.error(TestError.other).subscribe(onError: { _ in })

        XCTAssertEqual(unhandled.value, ["boom"])
    }

    func testCreatorsOnVirtualTime() {
        XCTAssertEqual(record(TestScheduler(initialClock: 0)) { .empty() }, ["completed @ 200"])
        XCTAssertEqual(record(TestScheduler(initialClock: 0)) { .error(TestError.boom) }, ["error(boom) @ 200"])
        XCTAssertEqual(record(TestScheduler(initialClock: 0)) { .never() }, [])
    }

    // MARK: do

    func testDoRunsItsHandlers() {
        var log: [String] = []

        _ = Completable.empty()
            .do(
                onCompleted: { log.append("onCompleted") }, afterCompleted: { log.append("afterCompleted") },
                onSubscribe: { log.append("onSubscribe") }, onSubscribed: { log.append("onSubscribed") },
                onDispose: { log.append("onDispose") }
            )
            .subscribe(onCompleted: { log.append("completed") })
        _ = Completable.error(TestError.boom)
            .do(onError: { log.append("onError \($0)") }, afterError: { log.append("afterError \($0)") })
            .subscribe(onError: { log.append("error \($0)") })
        _ = Completable.empty().do(onCompleted: { throw TestError.other })
            .subscribe(onError: { log.append("error \($0)") })

        XCTAssertEqual(
            log,
            [
                "onSubscribe", "onCompleted", "completed", "afterCompleted", "onSubscribed", "onDispose",
                "onError boom", "error boom", "afterError boom", "error other",
            ])
    }

    // MARK: concat

    func testConcatSubscribesToEachInTurn() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([Recorded<Event<Never>>.completed(10)])
        let second = scheduler.createColdObservable([Recorded<Event<Never>>.completed(20)])
        let third = scheduler.createColdObservable([Recorded<Event<Never>>.completed(30)])

        let events = record(scheduler) {
            first.asCompletable().concat(second.asCompletable()).concat(third.asCompletable())
        }

        XCTAssertEqual(events, ["completed @ 260"])
        XCTAssertEqual(first.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(second.subscriptions, [Subscription(210, 230)])
        XCTAssertEqual(third.subscriptions, [Subscription(230, 260)])
    }

    func testConcatFormsAndAnErrorStopsTheRest() {
        let scheduler = TestScheduler(initialClock: 0)
        let failing = scheduler.createColdObservable([Recorded<Event<Never>>.error(10, TestError.boom)])
        let never = scheduler.createColdObservable([Recorded<Event<Never>>]())
        var log: [String] = []

        let events = record(scheduler) { Completable.concat(failing.asCompletable(), never.asCompletable()) }
        _ = Completable.concat([Completable.empty(), .empty()]).subscribe(onCompleted: { log.append("array") })
        _ = Completable.concat(AnySequence([Completable.empty()])).subscribe(onCompleted: { log.append("sequence") })
        _ = Completable.concat([Completable]()).subscribe(onCompleted: { log.append("empty") })

        XCTAssertEqual(events, ["error(boom) @ 210"])
        XCTAssertEqual(never.subscriptions, [])
        XCTAssertEqual(log, ["array", "sequence", "empty"])
    }

    // MARK: zip

    func testZipSubscribesToAllAtOnceAndCompletesAfterTheLast() {
        let scheduler = TestScheduler(initialClock: 0)
        let (xs, first) = completing(scheduler, at: 230)
        let (ys, second) = completing(scheduler, at: 250)

        let events = record(scheduler) { Completable.zip(first, second) }

        XCTAssertEqual(events, ["completed @ 250"])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 250)])
    }

    func testZipFailsWithTheFirstErrorAndDisposesTheOthers() {
        let scheduler = TestScheduler(initialClock: 0)
        let (xs, first) = completing(scheduler, at: 260)
        let (_, second) = failing(scheduler, at: 230)
        var log: [String] = []

        let events = record(scheduler) { Completable.zip([first, second]) }
        _ = Completable.zip([Completable]()).subscribe(onCompleted: { log.append("empty") })
        _ = Completable.zip(AnyCollection([Completable.empty()])).subscribe(onCompleted: { log.append("collection") })

        XCTAssertEqual(events, ["error(boom) @ 230"])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(log, ["empty", "collection"])
    }

    // MARK: andThen

    func testAndThenSubscribesToTheSecondOnceTheFirstCompleted() {
        let scheduler = TestScheduler(initialClock: 0)
        let (xs, first) = completing(scheduler, at: 230)
        let second = scheduler.createColdObservable([.next(10, 1), .completed(10)])

        let res = scheduler.start { first.andThen(second.asSingle()) }

        XCTAssertEqual(res.events, [.next(240, 1), .completed(240)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(second.subscriptions, [Subscription(230, 240)])
    }

    func testAndThenEveryForm() {
        let maybeScheduler = TestScheduler(initialClock: 0)
        let (_, first) = completing(maybeScheduler, at: 230)
        let maybe = maybeScheduler.start { first.andThen(Maybe<Int>.empty()) }
        let observableScheduler = TestScheduler(initialClock: 0)
        let (_, second) = completing(observableScheduler, at: 230)
        let elements = observableScheduler.createColdObservable([.next(5, "a"), .next(10, "b"), .completed(10)])
        let observable = observableScheduler.start { second.andThen(elements.asObservable()) }
        let completableScheduler = TestScheduler(initialClock: 0)
        let (_, third) = completing(completableScheduler, at: 230)
        let (_, fourth) = completing(completableScheduler, at: 270)

        let completable = record(completableScheduler) { third.andThen(fourth) }

        XCTAssertEqual(maybe.events, [.completed(230)])
        XCTAssertEqual(observable.events, [.next(235, "a"), .next(240, "b"), .completed(240)])
        XCTAssertEqual(completable, ["completed @ 270"])
    }

    func testAndThenAfterAnErrorNeverSubscribesToTheSecond() {
        let scheduler = TestScheduler(initialClock: 0)
        let (_, first) = failing(scheduler, at: 230)
        let second = scheduler.createColdObservable([.next(10, 1), .completed(10)])

        let res = scheduler.start { first.andThen(second.asSingle()) }

        XCTAssertEqual(res.events, [.error(230, TestError.boom)])
        XCTAssertEqual(second.subscriptions, [])
    }

    func testAndThenDisposedMidWayDisposesWhicheverRuns() {
        let scheduler = TestScheduler(initialClock: 0)
        let (xs, first) = completing(scheduler, at: 230)
        let second = scheduler.createColdObservable([.next(100, 1), .completed(100)])
        let other = TestScheduler(initialClock: 0)
        let (ys, waiting) = completing(other, at: 300)
        let unused = other.createColdObservable([.next(10, 1), .completed(10)])

        let duringSecond = scheduler.start(disposed: 260) { first.andThen(second.asSingle()) }
        let duringFirst = other.start(disposed: 250) { waiting.andThen(unused.asSingle()) }

        XCTAssertEqual(duringSecond.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(second.subscriptions, [Subscription(230, 260)])
        XCTAssertEqual(duringFirst.events, [])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(unused.subscriptions, [])
    }

    // RxSwift 6.10's `testCompletable_FirstCompletableNotRetainedBeyondCompletion`: once the
    // first completable has completed, nothing keeps it, or what its closures capture, alive,
    // while the subscription goes on with the second.
    func testAndThenLetsGoOfTheFirstCompletableOnceItCompleted() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Never>>.completed(210)])
        var captured: Captured? = Captured()
        weak let weakCaptured = captured
        var completable: Completable? = xs.asCompletable().do(onCompleted: { [captured] in _ = captured })

        let subscription = completable!.andThen(Completable.never()).subscribe()
        defer { subscription.dispose() }
        scheduler.advanceTo(300)
        captured = nil
        completable = nil

        XCTAssertNil(weakCaptured, "the first completable outlived its completion")
    }

    func testAndThenLetsGoOfTheFirstCompletableOnceItFailed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Never>>.error(210, TestError.boom)])
        var captured: Captured? = Captured()
        weak let weakCaptured = captured
        var completable: Completable? = xs.asCompletable().do(onError: { [captured] _ in _ = captured })

        let subscription = completable!.andThen(Completable.never()).subscribe()
        defer { subscription.dispose() }
        scheduler.advanceTo(300)
        captured = nil
        completable = nil

        XCTAssertNil(weakCaptured, "the first completable outlived its error")
    }

    func testConcatLetsGoOfTheFirstCompletableOnceItCompleted() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Never>>.completed(210)])
        var captured: Captured? = Captured()
        weak let weakCaptured = captured
        var completable: Completable? = xs.asCompletable().do(onCompleted: { [captured] in _ = captured })

        let subscription = completable!.concat(Completable.never()).subscribe()
        defer { subscription.dispose() }
        scheduler.advanceTo(300)
        captured = nil
        completable = nil

        XCTAssertNil(weakCaptured, "the first completable outlived its completion")
    }

    func testAndThenWithMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let first = try scheduler.createColdObservable("--|")
        let second = try scheduler.createColdObservable("-a|", values: ["a": 1])

        let res = scheduler.start { first.ignoreElements().asCompletable().andThen(second.asSingle()) }

        assertMarbles(res, "----(a|)", values: ["a": 1])
    }

    func testDisposedMidWay() {
        let scheduler = TestScheduler(initialClock: 0)
        let (xs, first) = completing(scheduler, at: 300)

        let events = record(scheduler, disposed: 250) { first.do(onCompleted: {}) }

        XCTAssertEqual(events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }
}

/// An object a closure captures, to tell when the closure is let go of.
private final class Captured {}

// MARK: - asCompletable of an observable

extension CompletableTraitTests {
    func testAsCompletableOfASequenceOfNeverPassesItsTerminalEvent() {
        let scheduler = TestScheduler(initialClock: 0)
        let completing = scheduler.createHotObservable([Recorded<Event<Never>>.completed(250)])
        let other = TestScheduler(initialClock: 0)
        let failing = other.createHotObservable([Recorded<Event<Never>>.error(240, TestError.boom)])

        let completed = scheduler.start { completing.asCompletable() }
        let failed = other.start { failing.asCompletable() }

        XCTAssertEqual(completed.events.count, 1)
        XCTAssertEqual(completed.events.first?.time, 250)
        XCTAssertTrue(completed.events.first?.value.isCompleted ?? false)
        XCTAssertEqual(failed.events.first?.time, 240)
        XCTAssertEqual(failed.events.first?.value.error as? TestError, .boom)
    }
}
