import RxCore
import RxDisposables
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

@testable import RxOperators

/// Infallible's transforming operators, each the observable operator of the same name under an
/// infallible type.
final class InfallibleTransformingTests: RxTestCase {
    private func hot(_ scheduler: TestScheduler, _ events: [Recorded<Event<Int>>]) -> TestableObservable<Int> {
        scheduler.createHotObservable(events)
    }

    func testMapAndCompactMap() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = hot(scheduler, [.next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        let source = xs.asInfallible(onErrorJustReturn: -1)

        let mapped = scheduler.start { source.map { $0 * 10 } }
        let compact = TestScheduler(initialClock: 0)
        let ys = hot(compact, [.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        let compacted = compact.start {
            ys.asInfallible(onErrorJustReturn: -1).compactMap { $0.isMultiple(of: 2) ? nil : "\($0)" }
        }

        XCTAssertEqual(mapped.events, [.next(210, 10), .next(220, 20), .next(230, 30), .completed(240)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(compacted.events, [.next(210, "1"), .next(230, "3"), .completed(240)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 240)])
    }

    func testScanInBothForms() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = hot(scheduler, [.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])

        let returning = scheduler.start { xs.asInfallible(onErrorJustReturn: 0).scan(10, accumulator: +) }
        let inPlace = TestScheduler(initialClock: 0).start {
            Infallible.of(1, 2, 3).scan(into: [Int]()) { $0.append($1) }
        }

        XCTAssertEqual(returning.events, [.next(210, 11), .next(220, 13), .next(230, 16), .completed(240)])
        XCTAssertEqual(inPlace.events, [.next(200, [1]), .next(200, [1, 2]), .next(200, [1, 2, 3]), .completed(200)])
    }

    func testWithMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-1-^-1-2-3-4-|", values: ["1": 1, "2": 2, "3": 3, "4": 4])

        let res = scheduler.start {
            xs.asInfallible(onErrorJustReturn: 0).filter { $0 != 3 }.map { $0 * 2 }.scan(0, accumulator: +)
        }

        assertMarbles(res, "--a-b---c-|", values: ["a": 2, "b": 6, "c": 14])
    }

    func testWithUnretainedCompletesOnceTheObjectIsReleased() {
        final class Owner {
            let name: String
            init(_ name: String) { self.name = name }
        }
        let scheduler = TestScheduler(initialClock: 0)
        let xs = hot(scheduler, [.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        var owner: Owner? = Owner("o")
        scheduler.scheduleAt(225) { owner = nil }

        let res = scheduler.start { xs.asInfallible(onErrorJustReturn: 0).withUnretained(owner!) { "\($0.name)\($1)" } }
        let tuples = TestScheduler(initialClock: 0).start {
            Infallible.just(1).withUnretained(scheduler).map { $0.1 }
        }

        XCTAssertEqual(res.events, [.next(210, "o1"), .next(220, "o2"), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(tuples.events, [.next(200, 1), .completed(200)])
    }
}
