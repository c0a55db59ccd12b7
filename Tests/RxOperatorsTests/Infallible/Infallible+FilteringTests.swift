import RxCore
import RxDisposables
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

@testable import RxOperators

/// Infallible's filtering operators, each the observable operator of the same name under an
/// infallible type, and what a closure that throws anyway does (RxSwift's hole, kept).
final class InfallibleFilteringTests: RxTestCase {
    private func hot(_ scheduler: TestScheduler, _ events: [Recorded<Event<Int>>]) -> TestableObservable<Int> {
        scheduler.createHotObservable(events)
    }

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
