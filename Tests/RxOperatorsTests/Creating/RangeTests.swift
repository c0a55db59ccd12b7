import RxCore
import RxDisposables
import RxOperators
import RxTestSupport
import XCTest

final class RangeTests: RxTestCase {
    func testSendsCountIntegersFromStart() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.range(start: -2, count: 4, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(201, -2), .next(202, -1), .next(203, 0), .next(204, 1), .completed(205)])
    }

    func testZeroCountOnlyCompletes() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.range(start: 0, count: 0, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.completed(201)])
    }

    func testReachesTheLargestValueWithoutOverflowing() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<UInt8>.range(start: 254, count: 2, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(201, 254), .next(202, 255), .completed(203)])
    }

    func testDisposingMidStreamStopsTheRecursion() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start(disposed: 204) { Observable.range(start: -10, count: 5, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(201, -10), .next(202, -9), .next(203, -8)])
    }

    func testOnTheTrampolineEverythingHappensAtSubscription() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.range(start: 1, count: 3) }

        XCTAssertEqual(res.events, [.next(200, 1), .next(200, 2), .next(200, 3), .completed(200)])
    }

    func testTwoRangesSubscribedTogetherTakeTurns() {
        var received: [Int] = []
        let both = Observable<Int>.create { observer in
            let low = Observable.range(start: 1, count: 2).subscribe(onNext: { observer.onNext($0) })
            let high = Observable.range(start: 10, count: 2).subscribe(onNext: { observer.onNext($0) })
            return Disposables.create(low, high)
        }

        let subscription = both.subscribe(onNext: { received.append($0) })
        subscription.dispose()

        XCTAssertEqual(received, [1, 10, 2, 11])
    }
}
