import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

/// The operators of `Completable`: `do`, `concat` and `zip`.
final class CompletableOperatorsTests: CompletableTestCase {
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
