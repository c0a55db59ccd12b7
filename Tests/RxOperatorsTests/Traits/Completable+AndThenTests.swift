import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

/// `andThen`: a `Completable` followed by a `Single`, a `Maybe`, a `Completable` or an observable.
final class CompletableAndThenTests: CompletableTestCase {
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

    func testAndThenWithMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let first = try scheduler.createColdObservable("--|")
        let second = try scheduler.createColdObservable("-a|", values: ["a": 1])

        let res = scheduler.start { first.ignoreElements().asCompletable().andThen(second.asSingle()) }

        assertMarbles(res, "----(a|)", values: ["a": 1])
    }
}

/// An object a closure captures, to tell when the closure is let go of.
private final class Captured {}
