import RxCore
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

final class DeferredTests: RxTestCase {
    func testTheFactoryRunsAtSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        var invoked = 0
        var xs: TestableObservable<Int>?

        let res = scheduler.start {
            Observable<Int>.deferred {
                invoked += 1
                let cold = scheduler.createColdObservable([
                    .next(100, scheduler.clock), .next(200, invoked), .next(1100, 1000),
                ])
                xs = cold
                return cold.asObservable()
            }
        }

        XCTAssertEqual(res.events, [.next(300, 200), .next(400, 1)])
        XCTAssertEqual(invoked, 1)
        XCTAssertEqual(xs?.subscriptions, [Subscription(200, 1000)])
    }

    func testCompletionReleasesTheInnerSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(50)])

        let res = scheduler.start { Observable<Int>.deferred { xs.asObservable() } }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testErrorPassesAndReleasesTheInnerSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(50, TestError.boom)])

        let res = scheduler.start { Observable<Int>.deferred { xs.asObservable() } }

        XCTAssertEqual(res.events, [.next(210, 1), .error(250, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testAFactoryThatThrowsSendsTheError() {
        let scheduler = TestScheduler(initialClock: 0)
        var invoked = 0

        let res = scheduler.start {
            Observable<Int>.deferred {
                invoked += 1
                throw TestError.boom
            }
        }

        XCTAssertEqual(res.events, [.error(200, TestError.boom)])
        XCTAssertEqual(invoked, 1)
    }

    func testDisposingMidStreamReleasesTheInnerSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(40, 2), .completed(50)])

        let res = scheduler.start(disposed: 230) { Observable<Int>.deferred { xs.asObservable() } }

        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testEverySubscriberGetsItsOwnSequence() {
        var made = 0
        let source = Observable<Int>.deferred {
            made += 1
            return .just(made)
        }
        var received: [Int] = []

        _ = source.subscribe(onNext: { received.append($0) })
        _ = source.subscribe(onNext: { received.append($0) })

        XCTAssertEqual(received, [1, 2])
    }
}
