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
