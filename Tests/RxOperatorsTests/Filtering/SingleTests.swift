import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

final class SingleTests: RxTestCase {
    func testPassesTheOnlyElementAsItArrivesThenCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .completed(300)])

        let res = scheduler.start { xs.single() }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testASecondElementFailsWithMoreThanOneElementAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])

        let res = scheduler.start { xs.single() }

        XCTAssertEqual(res.events, [.next(210, 1), .error(220, RxError.moreThanOneElement)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testCompletingWithoutAnElementFailsWithNoElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])

        let res = scheduler.start { xs.single { $0 > 5 } }

        XCTAssertEqual(res.events, [.error(300, RxError.noElements)])
    }

    func testWithAPredicateOnlyMatchingElementsCount() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a-^-b-a-c-a-|")

        let matched = scheduler.start { xs.single { $0 == "b" } }

        assertMarbles(matched, "--b-------|")
    }

    func testAThrowingPredicateOrASourceErrorEndsTheSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let thrown = scheduler.start {
            xs.single { value in
                if value == 2 { throw TestError.boom }
                return false
            }
        }

        let other = TestScheduler(initialClock: 0)
        let failing = other.createHotObservable([.next(210, 1), .error(250, TestError.boom)])
        let failed = other.start { failing.single() }

        XCTAssertEqual(thrown.events, [.error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(failed.events, [.next(210, 1), .error(250, TestError.boom)])
    }

    func testDisposingMidStream() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])

        let res = scheduler.start(disposed: 215) { xs.single() }

        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 215)])
    }
}
