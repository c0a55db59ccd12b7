import RxCore
import RxDisposables
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

@testable import RxOperators

/// Infallible's transforming, filtering, timing, sharing and side-effect operators, each the
/// observable operator of the same name under an infallible type.
final class InfallibleOperatorTests: RxTestCase {
    private func hot(_ scheduler: TestScheduler, _ events: [Recorded<Event<Int>>]) -> TestableObservable<Int> {
        scheduler.createHotObservable(events)
    }

    // MARK: transforming

    func testMapAndCompactMap() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = hot(scheduler, [.next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        let source = xs.asInfallible(onErrorJustReturn: -1)

        let mapped = scheduler.start { source.map { $0 * 10 } }
        let compact = TestScheduler(initialClock: 0)
        let ys = hot(compact, [.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        let compacted = compact.start {
            ys.asInfallible(onErrorJustReturn: -1).compactMap { $0.isMultiple(of: 2) ? nil : "\($0)" }
        }

        XCTAssertEqual(mapped.events, [.next(210, 10), .next(220, 20), .next(230, 30), .completed(240)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(compacted.events, [.next(210, "1"), .next(230, "3"), .completed(240)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 240)])
    }

    func testScanInBothForms() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = hot(scheduler, [.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])

        let returning = scheduler.start { xs.asInfallible(onErrorJustReturn: 0).scan(10, accumulator: +) }
        let inPlace = TestScheduler(initialClock: 0).start {
            Infallible.of(1, 2, 3).scan(into: [Int]()) { $0.append($1) }
        }

        XCTAssertEqual(returning.events, [.next(210, 11), .next(220, 13), .next(230, 16), .completed(240)])
        XCTAssertEqual(inPlace.events, [.next(200, [1]), .next(200, [1, 2]), .next(200, [1, 2, 3]), .completed(200)])
    }

    func testWithMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-1-^-1-2-3-4-|", values: ["1": 1, "2": 2, "3": 3, "4": 4])

        let res = scheduler.start {
            xs.asInfallible(onErrorJustReturn: 0).filter { $0 != 3 }.map { $0 * 2 }.scan(0, accumulator: +)
        }

        assertMarbles(res, "--a-b---c-|", values: ["a": 2, "b": 6, "c": 14])
    }

    func testWithUnretainedCompletesOnceTheObjectIsReleased() {
        final class Owner {
            let name: String
            init(_ name: String) { self.name = name }
        }
        let scheduler = TestScheduler(initialClock: 0)
        let xs = hot(scheduler, [.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        var owner: Owner? = Owner("o")
        scheduler.scheduleAt(225) { owner = nil }

        let res = scheduler.start { xs.asInfallible(onErrorJustReturn: 0).withUnretained(owner!) { "\($0.name)\($1)" } }
        let tuples = TestScheduler(initialClock: 0).start {
            Infallible.just(1).withUnretained(scheduler).map { $0.1 }
        }

        XCTAssertEqual(res.events, [.next(210, "o1"), .next(220, "o2"), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(tuples.events, [.next(200, 1), .completed(200)])
    }

    // MARK: filtering

    func testFilter() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = hot(scheduler, [.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])

        let res = scheduler.start { xs.asInfallible(onErrorJustReturn: 0).filter { $0 != 2 } }

        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 3), .completed(240)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
    }

    func testDistinctUntilChangedInEachForm() {
        struct Item: Equatable {
            let key: Int
            let tag: String
        }
        let items = [Item(key: 1, tag: "a"), Item(key: 1, tag: "b"), Item(key: 2, tag: "c"), Item(key: 2, tag: "c")]
        func run(_ make: (Infallible<Item>) -> Infallible<Item>) -> [String] {
            var tags: [String] = []
            _ = make(Infallible.from(items)).subscribe(onNext: { tags.append($0.tag) })
            return tags
        }

        XCTAssertEqual(run { $0.distinctUntilChanged() }, ["a", "b", "c"])
        XCTAssertEqual(run { $0.distinctUntilChanged { $0.key } }, ["a", "c"])
        XCTAssertEqual(run { $0.distinctUntilChanged { $0.tag == $1.tag } }, ["a", "b", "c"])
        XCTAssertEqual(run { $0.distinctUntilChanged({ $0.key }, comparer: { $0 / 2 == $1 / 2 }) }, ["a", "c"])
        XCTAssertEqual(run { $0.distinctUntilChanged(at: \.key) }, ["a", "c"])
    }

    func testTakeAndItsForms() {
        func run(_ make: @escaping (Infallible<Int>) -> Infallible<Int>) -> [Recorded<Event<Int>>] {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([
                .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(250),
            ])
            return scheduler.start { make(xs.asInfallible(onErrorJustReturn: 0)) }.events
        }

        XCTAssertEqual(run { $0.take(2) }, [.next(210, 1), .next(220, 2), .completed(220)])
        XCTAssertEqual(run { $0.take(0) }, [.completed(200)])
        XCTAssertEqual(run { $0.take(while: { $0 < 3 }) }, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(
            run { $0.take(while: { $0 < 3 }, behavior: .inclusive) },
            [.next(210, 1), .next(220, 2), .next(230, 3), .completed(230)])
        XCTAssertEqual(run { $0.take(until: { $0 == 2 }) }, [.next(210, 1), .completed(220)])
        XCTAssertEqual(
            run { $0.take(until: { $0 == 2 }, behavior: .inclusive) }, [.next(210, 1), .next(220, 2), .completed(220)])
        XCTAssertEqual(run { $0.skip(while: { $0 < 3 }) }, [.next(230, 3), .next(240, 4), .completed(250)])
    }

    func testTakeUntilAndSkipUntilAnotherSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = hot(scheduler, [.next(210, 1), .next(220, 2), .next(230, 3), .completed(250)])
        let other = hot(scheduler, [.next(225, 0), .completed(260)])

        let untilInfallible = scheduler.start {
            xs.asInfallible(onErrorJustReturn: 0).take(until: other.asInfallible(onErrorJustReturn: 0))
        }

        let second = TestScheduler(initialClock: 0)
        let ys = hot(second, [.next(210, 1), .next(220, 2), .next(230, 3), .completed(250)])
        let trigger = hot(second, [.next(215, 0)])
        let untilObservable = second.start { ys.asInfallible(onErrorJustReturn: 0).take(until: trigger) }

        let third = TestScheduler(initialClock: 0)
        let zs = hot(third, [.next(210, 1), .next(220, 2), .next(230, 3), .completed(250)])
        let gate = hot(third, [.next(215, 0)])
        let skipped = third.start { zs.asInfallible(onErrorJustReturn: 0).skip(until: gate) }

        XCTAssertEqual(untilInfallible.events, [.next(210, 1), .next(220, 2), .completed(225)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 225)])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 225)])
        XCTAssertEqual(untilObservable.events, [.next(210, 1), .completed(215)])
        XCTAssertEqual(skipped.events, [.next(220, 2), .next(230, 3), .completed(250)])
        XCTAssertEqual(gate.subscriptions, [Subscription(200, 215)])
    }

    // MARK: time

    func testDebounceThrottleAndTakeFor() {
        func run(_ make: @escaping (Infallible<Int>, TestScheduler) -> Infallible<Int>) -> [Recorded<Event<Int>>] {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([
                .next(210, 1), .next(215, 2), .next(240, 3), .next(300, 4), .completed(400),
            ])
            return scheduler.start { make(xs.asInfallible(onErrorJustReturn: 0), scheduler) }.events
        }

        XCTAssertEqual(
            run { $0.debounce(.seconds(20), scheduler: $1) },
            [.next(235, 2), .next(260, 3), .next(320, 4), .completed(400)])
        XCTAssertEqual(
            run { $0.throttle(.seconds(20), scheduler: $1) },
            [.next(210, 1), .next(230, 2), .next(250, 3), .next(300, 4), .completed(400)])
        XCTAssertEqual(
            run { $0.throttle(.seconds(20), latest: false, scheduler: $1) },
            [.next(210, 1), .next(240, 3), .next(300, 4), .completed(400)])
        XCTAssertEqual(
            run { $0.take(for: .seconds(50), scheduler: $1) },
            [.next(210, 1), .next(215, 2), .next(240, 3), .completed(250)])
    }

    // MARK: sharing

    func testShareSubscribesOnceAndReplays() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(100)])
        let shared = xs.asInfallible(onErrorJustReturn: 0).share(replay: 1)
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(200) { _ = shared.asObservable().subscribe(first) }
        scheduler.scheduleAt(215) { _ = shared.asObservable().subscribe(second) }
        scheduler.start()

        XCTAssertEqual(first.events, [.next(210, 1), .next(220, 2), .completed(300)])
        XCTAssertEqual(second.events, [.next(215, 1), .next(220, 2), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testShareForeverKeepsTheReplayBetweenConnections() {
        var first: [Int] = []
        var second: [Int] = []
        let shared = Infallible.of(1, 2).share(replay: 1, scope: .forever)

        _ = shared.subscribe(onNext: { first.append($0) })
        _ = shared.subscribe(onNext: { second.append($0) })

        XCTAssertEqual(first, [1, 2])
        XCTAssertEqual(second, [2], "one subject serves every connection: it ended with the first, replaying its last")
    }

    // MARK: side effects

    func testDoRunsEachHandlerInOrderAsTheObservableDoes() {
        func run(_ make: (Observable<Int>, @escaping (String) -> Void) -> any Disposable) -> [String] {
            var log: [String] = []
            _ = make(Observable.of(1)) { log.append($0) }
            return log
        }

        let infallible = run { source, log in
            source.asInfallible(onErrorJustReturn: 0)
                .do(
                    onNext: { log("onNext \($0)") }, afterNext: { log("afterNext \($0)") },
                    onCompleted: { log("onCompleted") }, afterCompleted: { log("afterCompleted") },
                    onSubscribe: { log("onSubscribe") }, onSubscribed: { log("onSubscribed") },
                    onDispose: { log("onDispose") }
                )
                .subscribe(onNext: { log("next \($0)") }, onCompleted: { log("completed") })
        }
        let observable = run { source, log in
            source
                .do(
                    onNext: { log("onNext \($0)") }, afterNext: { log("afterNext \($0)") },
                    onCompleted: { log("onCompleted") }, afterCompleted: { log("afterCompleted") },
                    onSubscribe: { log("onSubscribe") }, onSubscribed: { log("onSubscribed") },
                    onDispose: { log("onDispose") }
                )
                .subscribe(onNext: { log("next \($0)") }, onCompleted: { log("completed") })
        }

        // `of` sends on the trampoline, after the subscription returned.
        XCTAssertEqual(
            infallible,
            [
                "onSubscribe", "onSubscribed", "onNext 1", "next 1", "afterNext 1", "onCompleted", "completed",
                "afterCompleted", "onDispose",
            ])
        XCTAssertEqual(infallible, observable)
    }

    func testDebugPrintsAndPassesEventsUnchanged() {
        var res: TestableObserver<Int>?
        let lines = printedDebugLines {
            res = TestScheduler(initialClock: 0).start { Infallible.of(1, 2).debug("inf", trimOutput: true) }
        }

        XCTAssertEqual(res?.events, [.next(200, 1), .next(200, 2), .completed(200)])
        XCTAssertEqual(
            lines,
            [
                "inf -> subscribed", "inf -> Event next(1)", "inf -> Event next(2)", "inf -> Event completed",
                "inf -> isDisposed",
            ])
    }

    func testDebugLogsEachEventWithItsIdentifier() {
        var lines: [String] = []

        _ = Infallible.just(7).debug("probe", trimOutput: false, file: "", line: 0, function: "") { lines.append($0) }
            .subscribe()

        XCTAssertTrue(lines.contains { $0.contains("probe -> Event next(7)") }, "\(lines)")
        XCTAssertTrue(lines.contains { $0.contains("probe -> Event completed") }, "\(lines)")
    }

    // MARK: throwing closures: RxSwift's hole, kept

    func testAThrowingClosureSendsAnErrorThatTheObservableShows() {
        let cases: [(String, (Infallible<Int>) -> Infallible<Int>)] = [
            ("distinctUntilChanged", { $0.distinctUntilChanged { _, _ in throw TestError.boom } }),
            ("take(while:)", { $0.take(while: { _ in throw TestError.boom }) }),
            ("take(until:)", { $0.take(until: { _ in throw TestError.boom }) }),
            ("skip(while:)", { $0.skip(while: { _ in throw TestError.boom }) }),
            ("do(onNext:)", { $0.do(onNext: { _ in throw TestError.boom }) }),
            ("take(until: fallible)", { $0.take(until: Observable<Int>.error(TestError.boom)) }),
        ]
        for (name, make) in cases {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])

            let res = scheduler.start { make(xs.asInfallible(onErrorJustReturn: 0)).asObservable() }

            let expected: [Recorded<Event<Int>>] =
                name == "distinctUntilChanged"
                ? [.next(210, 1), .error(220, TestError.boom)]
                : name == "take(until: fallible)" ? [.error(200, TestError.boom)] : [.error(210, TestError.boom)]
            XCTAssertEqual(res.events, expected, name)
        }
    }
}
