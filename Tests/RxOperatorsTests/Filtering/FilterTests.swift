import RxCore
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

final class FilterTests: RxTestCase {
    private func isPrime(_ value: Int) -> Bool {
        value >= 2 && !(2..<value).contains { value.isMultiple(of: $0) }
    }

    private func primeSource(_ scheduler: TestScheduler, end: Recorded<Event<Int>>) -> TestableObservable<Int> {
        scheduler.createHotObservable([
            .next(110, 1), .next(180, 2), .next(230, 3), .next(270, 4), .next(340, 5), .next(380, 6),
            .next(390, 7), .next(450, 8), .next(470, 9), .next(560, 10), .next(580, 11), end,
            .next(610, 12), .error(620, TestError.other), .completed(630),
        ])
    }

    func testPassesTheAcceptedElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = primeSource(scheduler, end: .completed(600))

        let res = scheduler.start { xs.filter(self.isPrime) }

        XCTAssertEqual(res.events, [.next(230, 3), .next(340, 5), .next(390, 7), .next(580, 11), .completed(600)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 600)])
    }

    func testErrorPasses() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = primeSource(scheduler, end: .error(600, TestError.boom))

        let res = scheduler.start { xs.filter(self.isPrime) }

        XCTAssertEqual(
            res.events, [.next(230, 3), .next(340, 5), .next(390, 7), .next(580, 11), .error(600, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 600)])
    }

    func testDisposingMidStream() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = primeSource(scheduler, end: .completed(600))

        let res = scheduler.start(disposed: 400) { xs.filter(self.isPrime) }

        XCTAssertEqual(res.events, [.next(230, 3), .next(340, 5), .next(390, 7)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
    }

    func testAThrowingPredicateSendsTheErrorAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = primeSource(scheduler, end: .completed(600))

        let res = scheduler.start {
            xs.filter { value in
                if value == 5 { throw TestError.boom }
                return self.isPrime(value)
            }
        }

        XCTAssertEqual(res.events, [.next(230, 3), .error(340, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 340)])
    }

    func testMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a-^-b-c-d-|")

        let res = scheduler.start { xs.filter { $0 != "c" } }

        assertMarbles(res, "--b---d-|")
        assertSubscriptions(xs, "^-------!")
    }
}
