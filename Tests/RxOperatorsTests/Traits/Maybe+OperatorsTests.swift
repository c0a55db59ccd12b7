import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

/// The operators of `Maybe`: `map`, `filter`, `compactMap`, `flatMap`, `do`, `ifEmpty` and
/// `catchAndReturn`.
final class MaybeOperatorsTests: PrimitiveSequenceTestCase {
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

    func testDisposedMidWay() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(250, 1), .completed(250)])

        let res = scheduler.start(disposed: 230) { xs.asMaybe().map { $0 + 1 } }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }
}
