import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

final class FlatMapFirstTests: RxTestCase {
    func testIgnoresElementsWhileAnInnerSequenceRuns() {
        let scheduler = TestScheduler(initialClock: 0)
        let inners = (0..<3).map { index in
            scheduler.createColdObservable([.next(10, index * 10), .completed(40)])
        }
        let xs = scheduler.createHotObservable([.next(210, 0), .next(220, 1), .next(300, 2), .completed(400)])
        var selected: [Int] = []

        let res = scheduler.start {
            xs.flatMapFirst { index in
                selected.append(index)
                return inners[index]
            }
        }

        XCTAssertEqual(res.events, [.next(220, 0), .next(310, 20), .completed(400)])
        XCTAssertEqual(selected, [0, 2])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
        XCTAssertEqual(inners[0].subscriptions, [Subscription(210, 250)])
        XCTAssertEqual(inners[1].subscriptions, [])
        XCTAssertEqual(inners[2].subscriptions, [Subscription(300, 340)])
    }

    func testWithMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a-^-a-b---c-|", values: ["a": 1, "b": 2, "c": 3])
        let ys = try scheduler.createColdObservable("-x-y|", values: ["x": 1, "y": 2])

        let res = scheduler.start { xs.flatMapFirst { value in ys.map { $0 * value } } }

        assertMarbles(res, "---1-2---3-6|", values: ["1": 1, "2": 2, "3": 3, "6": 6])
        assertSubscriptions(xs, "^---------!")
        assertSubscriptions(ys, "--^---!", "--------^---!")
    }

    func testWaitsForTheRunningInnerBeforeCompleting() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.next(10, 1), .completed(100)])
        let xs = scheduler.createHotObservable([.next(210, 0), .completed(250)])

        let res = scheduler.start { xs.flatMapFirst { _ in inner } }

        XCTAssertEqual(res.events, [.next(220, 1), .completed(310)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 310)])
    }

    func testAThrowingSelectorSendsItsErrorAndDisposesTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 0), .completed(400)])

        let res = scheduler.start { () -> Observable<Int> in
            xs.flatMapFirst { _ -> Observable<Int> in throw TestError.boom }
        }

        XCTAssertEqual(res.events, [.error(210, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
    }

    func testAnInnerErrorDisposesEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.next(10, 1), .error(20, TestError.boom)])
        let xs = scheduler.createHotObservable([.next(210, 0), .completed(400)])

        let res = scheduler.start { xs.flatMapFirst { _ in inner } }

        XCTAssertEqual(res.events, [.next(220, 1), .error(230, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 230)])
    }

    func testAnInnerThatCompletesWhileBeingSubscribedLeavesRoomForTheNextElement() {
        var received: [Int] = []

        _ = Observable.of(1, 2, 3).flatMapFirst { Observable.just($0) }.subscribe(onNext: { received.append($0) })

        XCTAssertEqual(received, [1, 2, 3])
    }
}
