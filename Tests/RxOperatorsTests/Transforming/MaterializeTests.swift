import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

final class MaterializeTests: RxTestCase {
    func testEveryEventBecomesAnElementThenTheSequenceCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(220, 2), .completed(300)])
        let completing = scheduler.start { xs.materialize() }

        let other = TestScheduler(initialClock: 0)
        let failing = other.createHotObservable([.next(210, 1), .error(250, TestError.boom)])
        let failed = other.start { failing.materialize() }

        XCTAssertEqual(
            completing.events,
            [.next(210, .next(1)), .next(220, .next(2)), .next(300, .completed), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(failed.events, [.next(210, .next(1)), .next(250, .error(TestError.boom)), .completed(250)])
        XCTAssertEqual(failing.subscriptions, [Subscription(200, 250)])
    }

    func testDematerializeSendsTheCarriedEventsAndEndsAtACarriedTerminalEvent() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, Event<Int>.next(1)), .next(220, .error(TestError.boom)), .next(230, .next(3)),
            .completed(300),
        ])

        let res = scheduler.start { xs.dematerialize() }

        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testDematerializeUndoesMaterializeWithMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a-^-b-c-|")

        let res = scheduler.start { xs.materialize().dematerialize() }

        assertMarbles(res, "--b-c-|")
    }

    func testDisposingMidStream() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])

        let materialized = scheduler.start(disposed: 215) { xs.materialize() }

        XCTAssertEqual(materialized.events, [.next(210, .next(1))])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 215)])
    }
}
