import RxCore
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

final class SkipTests: RxTestCase {
    private func source(_ scheduler: TestScheduler) -> TestableObservable<Int> {
        scheduler.createHotObservable([
            .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(300),
        ])
    }

    func testDropsTheFirstElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)

        let res = scheduler.start { xs.skip(2) }

        XCTAssertEqual(res.events, [.next(230, 3), .next(240, 4), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testZeroAndNegativeCountsDropNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let all: [Recorded<Event<Int>>] = [.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(300)]

        let zero = scheduler.createObserver(Int.self)
        let negative = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) {
            _ = xs.skip(0).subscribe(zero)
            _ = xs.skip(-5).subscribe(negative)
        }
        scheduler.start()

        XCTAssertEqual(zero.events, all)
        XCTAssertEqual(negative.events, all)
    }

    func testSkippingMoreThanTheSourceHasOnlyCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)

        let res = scheduler.start { xs.skip(10) }

        XCTAssertEqual(res.events, [.completed(300)])
    }

    func testErrorPasses() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .error(250, TestError.boom)])

        let res = scheduler.start { xs.skip(1) }

        XCTAssertEqual(res.events, [.next(220, 2), .error(250, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testDisposingMidStream() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)

        let res = scheduler.start(disposed: 235) { xs.skip(1) }

        XCTAssertEqual(res.events, [.next(220, 2), .next(230, 3)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 235)])
    }
}
