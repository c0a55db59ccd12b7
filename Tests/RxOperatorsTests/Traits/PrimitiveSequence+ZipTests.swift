import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

/// `zip` of `Single`s and of `Maybe`s, in each arity.
final class PrimitiveSequenceZipTests: PrimitiveSequenceTestCase {
    func testZipCompletesWithoutAnElementWhenOneIsEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        let some = maybe(scheduler, 1, at: 240)
        let none = maybe(scheduler, nil, at: 220)
        let other = TestScheduler(initialClock: 0)
        let first = maybe(other, 1, at: 240)
        let second = maybe(other, 2, at: 220)

        let empty = scheduler.start { Maybe.zip(some, none) { $0 + $1 } }
        let both = other.start { Maybe.zip(first, second) }

        XCTAssertEqual(empty.events, [.completed(240)])
        XCTAssertEqual(both.events.map(\.time), [240, 240])
        XCTAssertEqual(both.events.first?.value.element.map { "\($0)" }, "(1, 2)")
    }

    func testZipOfEveryArity() {
        var results: [String] = []
        let one = Maybe.just(1)

        _ = Maybe.zip(one, one, one).subscribe(onSuccess: { results.append("\($0)") })
        _ = Maybe.zip(one, one, one, one, one).subscribe(onSuccess: { results.append("\($0)") })
        _ = Maybe.zip(one, one, one, one, one, one, one) { $0 + $1 + $2 + $3 + $4 + $5 + $6 }
            .subscribe(onSuccess: { results.append("\($0)") })

        XCTAssertEqual(results, ["(1, 1, 1)", "(1, 1, 1, 1, 1)", "7"])
    }

    func testZipWaitsForEverySingle() {
        let scheduler = TestScheduler(initialClock: 0)
        let (xs, first) = single(scheduler, 1, at: 230)
        let (ys, second) = single(scheduler, 2, at: 250)
        let (_, third) = single(scheduler, 3, at: 240)

        let res = scheduler.start { Single.zip(first, second, third) { $0 * 100 + $1 * 10 + $2 } }

        XCTAssertEqual(res.events, [.next(250, 123), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 250)])
    }

    func testZipOfTuplesForEveryArity() {
        var results: [String] = []
        let one = Single.just(1)

        _ = Single.zip(one, one).subscribe(onSuccess: { results.append("\($0)") })
        _ = Single.zip(one, one, one, one).subscribe(onSuccess: { results.append("\($0)") })
        _ = Single.zip(one, one, one, one, one, one, one, one).subscribe(onSuccess: { results.append("\($0)") })
        _ = Single.zip(one, one, one, one, one, one, one, one) { $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7 }
            .subscribe(onSuccess: { results.append("\($0)") })

        XCTAssertEqual(results, ["(1, 1)", "(1, 1, 1, 1)", "(1, 1, 1, 1, 1, 1, 1, 1)", "8"])
    }

    func testZipFailsWithTheFirstFailureAndDisposesTheOthers() {
        let scheduler = TestScheduler(initialClock: 0)
        let (xs, first) = single(scheduler, 1, at: 260)
        let (_, second) = failing(scheduler, at: 230)

        let res = scheduler.start { Single.zip(first, second) { $0 + $1 } }

        XCTAssertEqual(res.events, [.error(230, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }
}
