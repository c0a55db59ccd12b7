import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

final class RefCountTests: RxTestCase {
    func testConnectsAtTheFirstObserverAndDisconnectsAfterTheLast() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(240, 2), .next(270, 3), .next(290, 4), .next(310, 5), .next(330, 6),
        ])
        let counted = xs.publish().refCount()
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        let third = scheduler.createObserver(Int.self)
        var subscriptions: [any Disposable] = []

        scheduler.scheduleAt(200) { subscriptions.append(counted.subscribe(first)) }
        scheduler.scheduleAt(230) { subscriptions.append(counted.subscribe(second)) }
        scheduler.scheduleAt(260) { subscriptions[0].dispose() }
        scheduler.scheduleAt(280) {
            subscriptions[1].dispose()
            subscriptions[1].dispose()
        }
        scheduler.scheduleAt(300) { subscriptions.append(counted.subscribe(third)) }
        scheduler.scheduleAt(320) { subscriptions[2].dispose() }
        scheduler.start()

        XCTAssertEqual(first.events, [.next(210, 1), .next(240, 2)])
        XCTAssertEqual(second.events, [.next(240, 2), .next(270, 3)])
        XCTAssertEqual(third.events, [.next(310, 5)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 280), Subscription(300, 320)])
    }

    func testTheSourcesEndEndsTheConnectionAndTheNextObserverReconnects() {
        let scheduler = TestScheduler(initialClock: 0)
        let cold = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let counted = cold.publish().refCount()
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        let third = scheduler.createObserver(Int.self)
        let bag = CompositeDisposable()

        scheduler.scheduleAt(200) {
            _ = bag.insert(counted.subscribe(first))
            _ = bag.insert(counted.subscribe(second))
        }
        scheduler.scheduleAt(250) { _ = bag.insert(counted.subscribe(third)) }
        scheduler.scheduleAt(1000) { bag.dispose() }
        scheduler.start()

        XCTAssertEqual(first.events, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(second.events, first.events)
        XCTAssertEqual(third.events, [.next(260, 1), .next(270, 2), .completed(280)])
        XCTAssertEqual(cold.subscriptions, [Subscription(200, 230), Subscription(250, 280)])
    }

    func testAnErrorEndsTheConnectionForEveryObserver() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])
        let counted = xs.publish().refCount()
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        let bag = CompositeDisposable()

        scheduler.scheduleAt(200) {
            _ = bag.insert(counted.subscribe(first))
            _ = bag.insert(counted.subscribe(second))
        }
        scheduler.scheduleAt(1000) { bag.dispose() }
        scheduler.start()

        XCTAssertEqual(first.events, [.next(210, 1), .error(220, TestError.boom)])
        XCTAssertEqual(second.events, [.next(210, 1), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testSubscribingAgainFromTheCompletionHandlerStartsANewConnection() {
        var connections = 0
        let counted = Observable<Int>.deferred {
            connections += 1
            return .of(connections)
        }
        .publish()
        .refCount()
        var seen: [Int] = []
        let bag = CompositeDisposable()

        _ = bag.insert(
            counted.subscribe(
                onNext: { seen.append($0) },
                onCompleted: { _ = bag.insert(counted.subscribe(onNext: { seen.append($0) })) }))

        XCTAssertEqual(seen, [1, 2])
        XCTAssertEqual(connections, 2)
        bag.dispose()
    }

    func testWithMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-1-^-2-3-4-5-|", values: ["1": 1, "2": 2, "3": 3, "4": 4, "5": 5])
        let counted = xs.publish().refCount()

        let observer = scheduler.start(disposed: 250) { counted }

        assertMarbles(observer, "--a-b-", values: ["a": 2, "b": 3])
        assertSubscriptions(xs, "^----!")
    }
}
