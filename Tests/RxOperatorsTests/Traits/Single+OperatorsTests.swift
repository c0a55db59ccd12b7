import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

/// The operators of `Single` (those every trait shares are in `PrimitiveSequence+OperatorsTests`),
/// on virtual time.
final class SingleOperatorsTests: PrimitiveSequenceTestCase {
    // MARK: map, filter, compactMap

    func testMapTransformsTheElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let (xs, source) = single(scheduler, 2, at: 230)

        let res = scheduler.start { source.map { $0 * 10 } }

        XCTAssertEqual(res.events, [.next(230, 20), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testMapThrowingFails() {
        let scheduler = TestScheduler(initialClock: 0)
        let (_, source) = single(scheduler, 2, at: 230)

        let res = scheduler.start { source.map { _ -> Int in throw TestError.other } }

        XCTAssertEqual(res.events, [.error(230, TestError.other)])
    }

    func testFilterAndCompactMapMakeAMaybe() {
        let kept = TestScheduler(initialClock: 0)
        let dropped = TestScheduler(initialClock: 0)
        let mapped = TestScheduler(initialClock: 0)
        let (_, two) = single(kept, 2, at: 230)
        let (_, three) = single(dropped, 3, at: 230)
        let (_, four) = single(mapped, 4, at: 240)

        let even = kept.start { two.filter { $0 % 2 == 0 } }
        let odd = dropped.start { three.filter { $0 % 2 == 0 } }
        let compact = mapped.start { four.compactMap { $0 > 3 ? nil : $0 } }

        XCTAssertEqual(even.events, [.next(230, 2), .completed(230)])
        XCTAssertEqual(odd.events, [.completed(230)])
        XCTAssertEqual(compact.events, [.completed(240)])
    }

    func testWithMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-^---a|", values: ["a": 1])

        let res = scheduler.start { xs.asSingle().map { $0 + 1 }.flatMap { Single.just($0 * 10) } }

        assertMarbles(res, "-----(b|)", values: ["b": 20])
        assertSubscriptions(xs, "^----!")
    }

    // MARK: flatMap and its forms

    func testFlatMapSubscribesToTheSelectedSingleAfterTheSuccess() {
        let scheduler = TestScheduler(initialClock: 0)
        let (xs, source) = single(scheduler, 1, at: 220)
        let inner = scheduler.createColdObservable([.next(30, "x"), .completed(30)])

        let res = scheduler.start { source.flatMap { _ in inner.asSingle() } }

        XCTAssertEqual(res.events, [.next(250, "x"), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(inner.subscriptions, [Subscription(220, 250)])
    }

    func testFlatMapMaybeAndFlatMapCompletable() {
        let maybeScheduler = TestScheduler(initialClock: 0)
        let completableScheduler = TestScheduler(initialClock: 0)
        let (_, first) = single(maybeScheduler, 1, at: 220)
        let (_, second) = single(completableScheduler, 1, at: 220)

        let maybe = maybeScheduler.start { first.flatMapMaybe { _ in Maybe<String>.empty() } }
        let completable = completableScheduler.start {
            second.flatMapCompletable { _ in Completable.error(TestError.other) }
        }

        XCTAssertEqual(maybe.events, [.completed(220)])
        XCTAssertEqual(completable.events.count, 1)
        XCTAssertEqual(completable.events.first?.time, 220)
        XCTAssertEqual(completable.events.first?.value.error as? TestError, .other)
    }

    func testAThrowingSelectorFailsAndDisposedMidWayStopsTheInner() {
        let scheduler = TestScheduler(initialClock: 0)
        let (_, source) = single(scheduler, 1, at: 220)
        let other = TestScheduler(initialClock: 0)
        let (_, late) = single(other, 1, at: 220)
        let inner = other.createColdObservable([.next(100, 5), .completed(100)])

        let thrown = scheduler.start { source.flatMap { _ -> Single<Int> in throw TestError.other } }
        let disposed = other.start(disposed: 260) { late.flatMap { _ in inner.asSingle() } }

        XCTAssertEqual(thrown.events, [.error(220, TestError.other)])
        XCTAssertEqual(disposed.events, [])
        XCTAssertEqual(inner.subscriptions, [Subscription(220, 260)])
    }

    // MARK: do

    func testDoRunsEachHandlerInOrder() {
        var log: [String] = []
        let single = Single<Int>.just(1).do(
            onSuccess: { log.append("onSuccess \($0)") }, afterSuccess: { log.append("afterSuccess \($0)") },
            onError: { _ in log.append("onError") }, afterError: { _ in log.append("afterError") },
            onSubscribe: { log.append("onSubscribe") }, onSubscribed: { log.append("onSubscribed") },
            onDispose: { log.append("onDispose") })

        _ = single.subscribe(onSuccess: { log.append("success \($0)") })

        XCTAssertEqual(
            log, ["onSubscribe", "onSuccess 1", "success 1", "afterSuccess 1", "onSubscribed", "onDispose"])
    }

    func testDoOnErrorAndAThrowingOnSuccess() {
        var log: [String] = []

        _ = Single<Int>.error(TestError.boom)
            .do(onError: { log.append("onError \($0)") }, afterError: { log.append("afterError \($0)") })
            .subscribe(onFailure: { log.append("failure \($0)") })
        _ = Single.just(1).do(onSuccess: { _ in throw TestError.other })
            .subscribe(onSuccess: { log.append("success \($0)") }, onFailure: { log.append("failure \($0)") })

        XCTAssertEqual(log, ["onError boom", "failure boom", "afterError boom", "failure other"])
    }

    // MARK: catch, retry

    func testCatchAndReturnAndAThrowingHandler() {
        let scheduler = TestScheduler(initialClock: 0)
        let (_, source) = failing(scheduler, at: 230)
        let other = TestScheduler(initialClock: 0)
        let (_, second) = failing(other, at: 230)

        let returned = scheduler.start { source.catchAndReturn(4) }
        let thrown = other.start { second.catch { _ in throw TestError.other } }

        XCTAssertEqual(returned.events, [.next(230, 4), .completed(230)])
        XCTAssertEqual(thrown.events, [.error(230, TestError.other)])
    }

    // MARK: zip of a collection

    func testZipOfACollection() {
        let scheduler = TestScheduler(initialClock: 0)
        let (_, first) = single(scheduler, 1, at: 230)
        let (_, second) = single(scheduler, 2, at: 220)
        var results: [String] = []

        let res = scheduler.start { Single.zip([first, second]) }
        _ = Single<Int>.zip([Single<Int>]()).subscribe(onSuccess: { results.append("\($0)") })
        _ = Single.zip([Single<Int>](), resultSelector: { $0.count + 10 }).subscribe(
            onSuccess: { results.append("\($0)") })
        _ = Single.zip([Single.just(1), .just(2)], resultSelector: { $0.reduce(0, +) }).subscribe(
            onSuccess: { results.append("\($0)") })

        XCTAssertEqual(res.events, [.next(230, [1, 2]), .completed(230)])
        XCTAssertEqual(results, ["[]", "10", "3"])
    }

    func testZipOfAnEmptyCollectionCallsTheSelectorForEachSubscriber() {
        var calls = 0
        let zipped = Single<Int>.zip([Single<Int>]()) { _ -> Int in
            calls += 1
            if calls == 2 { throw TestError.boom }
            return calls
        }
        var log: [String] = []

        _ = zipped.subscribe(onSuccess: { log.append("success \($0)") }, onFailure: { log.append("failure \($0)") })
        _ = zipped.subscribe(onSuccess: { log.append("success \($0)") }, onFailure: { log.append("failure \($0)") })

        XCTAssertEqual(log, ["success 1", "failure boom"])
    }

    // MARK: conversions

    func testAsMaybeAndAsCompletable() {
        let scheduler = TestScheduler(initialClock: 0)
        let (_, source) = single(scheduler, 1, at: 230)
        let other = TestScheduler(initialClock: 0)
        let (_, second) = single(other, 1, at: 230)
        var log: [String] = []

        let maybe = scheduler.start { source.asMaybe() }
        _ = other.start { () -> Observable<Never> in
            second.asCompletable().asObservable().do(onCompleted: { log.append("completed") })
        }

        XCTAssertEqual(maybe.events, [.next(230, 1), .completed(230)])
        XCTAssertEqual(log, ["completed"])
    }

}
