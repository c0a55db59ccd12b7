import RxCore
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

@testable import RxOperators

final class MapTests: RxTestCase {
    func testTransformsEachElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 0), .next(220, 1), .next(230, 2), .next(240, 4), .completed(300),
        ])

        let res = scheduler.start { xs.map { $0 * 2 } }

        XCTAssertEqual(res.events, [.next(210, 0), .next(220, 2), .next(230, 4), .next(240, 8), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testASourceThatNeverEndsKeepsItsSubscriptionUntilDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1)])

        let res = scheduler.start { xs.map { $0 * 2 } }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
    }

    func testCompletionPasses() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .completed(300)])

        let res = scheduler.start { xs.map { $0 * 2 } }

        XCTAssertEqual(res.events, [.completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testErrorPasses() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(250, TestError.boom), .next(260, 2)])

        let res = scheduler.start { xs.map { $0 + 1 } }

        XCTAssertEqual(res.events, [.next(210, 2), .error(250, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testDisposingMidStream() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(290, 3), .completed(300)])

        let res = scheduler.start(disposed: 250) { xs.map { $0 * 10 } }

        XCTAssertEqual(res.events, [.next(210, 10), .next(220, 20)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testAThrowingTransformSendsTheErrorAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])

        let res = scheduler.start {
            xs.map { value -> Int in
                if value == 2 { throw TestError.boom }
                return value
            }
        }

        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testAMapOfAMapIsOneStage() {
        let source = Observable.of(1, 2, 3)

        let twice = source.map { $0 + 1 }.map { "\($0)" }
        let thrice = source.map { $0 + 1 }.map { $0 * 2 }.map { "\($0)" }

        XCTAssertTrue(twice is Map<Int, String>)
        XCTAssertTrue(thrice is Map<Int, String>)
    }

    func testComposedStagesApplyTheTransformsInOrder() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        var calls: [String] = []

        let res = scheduler.start {
            xs.map { value -> Int in
                calls.append("first \(value)")
                return value + 1
            }
            .map { value -> String in
                calls.append("second \(value)")
                return "<\(value)>"
            }
        }

        XCTAssertEqual(res.events, [.next(210, "<2>"), .next(220, "<3>"), .completed(300)])
        XCTAssertEqual(calls, ["first 1", "second 2", "first 2", "second 3"])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testAnErrorThrownByTheFirstOfComposedTransformsSkipsTheSecond() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        var secondCalls = 0

        let res = scheduler.start {
            xs.map { value -> Int in
                if value == 2 { throw TestError.boom }
                return value
            }
            .map { value -> Int in
                secondCalls += 1
                return value * 100
            }
        }

        XCTAssertEqual(res.events, [.next(210, 100), .error(220, TestError.boom)])
        XCTAssertEqual(secondCalls, 1)
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testAnErrorThrownByTheSecondOfComposedTransforms() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])

        let res = scheduler.start {
            xs.map { $0 * 10 }
                .map { value -> Int in
                    if value == 20 { throw TestError.other }
                    return value
                }
        }

        XCTAssertEqual(res.events, [.next(210, 10), .error(220, TestError.other)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testTheInnerMapStillWorksOnItsOwnAfterComposition() {
        let inner = Observable.of(1, 2).map { $0 * 3 }
        let outer = inner.map { $0 + 1 }
        var fromInner: [Int] = []
        var fromOuter: [Int] = []

        _ = outer.subscribe(onNext: { fromOuter.append($0) })
        _ = inner.subscribe(onNext: { fromInner.append($0) })

        XCTAssertEqual(fromInner, [3, 6])
        XCTAssertEqual(fromOuter, [4, 7])
    }

    func testMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-1-^-2-3-|", values: ["1": 1, "2": 2, "3": 3])

        let res = scheduler.start { xs.map { $0 * 10 } }

        assertMarbles(res, "--a-b-|", values: ["a": 20, "b": 30])
        assertSubscriptions(xs, "^-----!")
    }
}

// MARK: - Composed with a following filter (MapFilterSink)

/// `filter` after `map` or `filter` runs in one stage with it; these pin that the composed
/// stage behaves exactly like the separate operators.
final class ComposedStageTests: RxTestCase {
    private func source(_ scheduler: TestScheduler) -> TestableObservable<Int> {
        scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5), .completed(300),
        ])
    }

    func testAFilterAfterAMapOrAFilterJoinsItsStage() {
        let source = Observable.of(1, 2, 3)

        func absorbsFilter(_ stage: Observable<Int>) -> Bool {
            (stage as? Map<Int, Int>)?.absorbsFilter ?? false
        }
        XCTAssertFalse(absorbsFilter(source.map { $0 + 1 }))
        XCTAssertTrue(absorbsFilter(source.map { $0 + 1 }.filter { $0 > 2 }))
        XCTAssertTrue(absorbsFilter(source.map { $0 + 1 }.filter { $0 > 2 }.filter { $0 < 9 }))
        XCTAssertTrue(source.filter { $0 > 1 }.filter { $0 < 3 } is Filter<Int>)
        XCTAssertTrue(source.filter { $0 > 1 }.map { $0 * 2 } is Map<Int, Int>, "a map after a filter is its own stage")
        XCTAssertFalse(
            absorbsFilter(source.map { $0 + 1 }.filter { $0 > 2 }.map { $0 * 2 }),
            "a map after an absorbed filter is its own stage")
    }

    func testMapThenFilterCallsTheClosuresInTheSameOrderAsTwoStages() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        var calls: [String] = []

        let res = scheduler.start {
            xs.map { value -> Int in
                calls.append("map \(value)")
                return value * 10
            }
            .filter { value in
                calls.append("filter \(value)")
                return value != 30
            }
        }

        XCTAssertEqual(
            res.events, [.next(210, 10), .next(220, 20), .next(240, 40), .next(250, 50), .completed(300)])
        XCTAssertEqual(
            calls,
            [
                "map 1", "filter 10", "map 2", "filter 20", "map 3", "filter 30", "map 4", "filter 40", "map 5",
                "filter 50",
            ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testAnErrorThrownByTheTransformSkipsThePredicate() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        var predicateCalls = 0

        let res = scheduler.start {
            xs.map { value -> Int in
                if value == 3 { throw TestError.boom }
                return value
            }
            .filter { _ in
                predicateCalls += 1
                return true
            }
        }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .error(230, TestError.boom)])
        XCTAssertEqual(predicateCalls, 2)
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testAnErrorThrownByThePredicateAfterAMap() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)

        let res = scheduler.start {
            xs.map { $0 + 100 }
                .filter { value in
                    if value == 102 { throw TestError.other }
                    return true
                }
        }

        XCTAssertEqual(res.events, [.next(210, 101), .error(220, TestError.other)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testTheSecondPredicateRunsOnlyForElementsTheFirstAccepts() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        var secondSaw: [Int] = []

        let res = scheduler.start {
            xs.filter { $0 % 2 == 1 }
                .filter { value in
                    secondSaw.append(value)
                    if value == 5 { throw TestError.boom }
                    return value > 1
                }
        }

        XCTAssertEqual(res.events, [.next(230, 3), .error(250, TestError.boom)])
        XCTAssertEqual(secondSaw, [1, 3, 5])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testAFilterAfterAComposedStageKeepsEveryPredicate() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)

        let res = scheduler.start {
            xs.map { $0 * 2 }.filter { $0 > 2 }.filter { $0 < 10 }
        }

        XCTAssertEqual(res.events, [.next(220, 4), .next(230, 6), .next(240, 8), .completed(300)])
    }

    func testTheStagesBeforeCompositionStillWorkOnTheirOwn() {
        let mapped = Observable.of(1, 2, 3).map { $0 * 3 }
        let filtered = mapped.filter { $0 > 3 }
        let refiltered = filtered.filter { $0 < 9 }
        var fromMapped: [Int] = []
        var fromFiltered: [Int] = []
        var fromRefiltered: [Int] = []

        _ = refiltered.subscribe(onNext: { fromRefiltered.append($0) })
        _ = filtered.subscribe(onNext: { fromFiltered.append($0) })
        _ = mapped.subscribe(onNext: { fromMapped.append($0) })

        XCTAssertEqual(fromMapped, [3, 6, 9])
        XCTAssertEqual(fromFiltered, [6, 9])
        XCTAssertEqual(fromRefiltered, [6])
    }

    func testDisposingAComposedStageMidStream() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)

        let res = scheduler.start(disposed: 235) {
            xs.map { $0 * 2 }.filter { $0 != 4 }
        }

        XCTAssertEqual(res.events, [.next(210, 2), .next(230, 6)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 235)])
    }
}
