import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

final class StartWithTests: RxTestCase {
    func testSendsTheElementsOnSubscriptionThenTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(220, 2), .completed(250)])

        let res = scheduler.start { xs.startWith(7, 8, 9) }

        XCTAssertEqual(res.events, [.next(200, 7), .next(200, 8), .next(200, 9), .next(220, 2), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testNoElementsPassesTheSourceUnchanged() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(220, 2), .completed(250)])

        let res = scheduler.start { xs.startWith() }

        XCTAssertEqual(res.events, [.next(220, 2), .completed(250)])
    }

    func testMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a-^-b-c-|")

        let res = scheduler.start { xs.startWith("x") }

        assertMarbles(res, "x-b-c-|")
    }

    func testTheSourcesErrorPassesAfterTheElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>.error(230, TestError.boom)])

        let res = scheduler.start { xs.startWith(1) }

        XCTAssertEqual(res.events, [.next(200, 1), .error(230, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testAColdSourceIsSubscribedAfterTheElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(0, 5), .next(10, 6), .completed(20)])

        let res = scheduler.start { xs.startWith(1, 2) }

        XCTAssertEqual(res.events, [.next(200, 1), .next(200, 2), .next(200, 5), .next(210, 6), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testATakeDownstreamStopsAtTheFirstElementAndLetsTheSourceGoAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(220, 2), .completed(250)])

        let res = scheduler.start { xs.startWith(1, 2, 3).take(1) }

        XCTAssertEqual(res.events, [.next(200, 1), .completed(200)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 200)], "subscribed and let go at once, as in RxSwift")
    }

    func testDisposingMidStream() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(220, 2), .next(240, 3), .completed(250)])

        let res = scheduler.start(disposed: 230) { xs.startWith(1) }

        XCTAssertEqual(res.events, [.next(200, 1), .next(220, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testEachSubscriptionGetsTheElements() {
        let started = Observable<Int>.just(3).startWith(1, 2)
        var first: [Int] = []
        var second: [Int] = []

        _ = started.subscribe(onNext: { first.append($0) })
        _ = started.subscribe(onNext: { second.append($0) })

        XCTAssertEqual(first, [1, 2, 3])
        XCTAssertEqual(second, [1, 2, 3])
    }
}
