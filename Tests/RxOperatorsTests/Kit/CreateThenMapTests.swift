import RxCore
import RxDisposables
import RxTestHelpers
import RxTestSupport
import XCTest

@testable import RxOperators

/// A `map` right after `create`, and a `filter` after it, join `create`'s stage; these pin that
/// the joined stage behaves exactly like the separate operators.
final class CreateThenMapTests: RxTestCase {
    /// A `create` that sends `elements` and completes, logging what it was given back.
    private func numbers(_ elements: [Int], log: Locked<[String]>) -> Observable<Int> {
        Observable.create { observer in
            for element in elements {
                observer.onNext(element)
            }
            observer.onCompleted()
            observer.onNext(99)
            return Disposables.create { log.mutate { $0.append("source disposed") } }
        }
    }

    func testAMapAndAFilterAfterCreateJoinItsStage() {
        let source = Observable<Int>.create { _ in Disposables.create() }

        XCTAssertTrue(source.map { $0 + 1 } is CreateThenMap<Int, Int>)
        XCTAssertTrue(source.map { $0 + 1 }.map { "\($0)" } is CreateThenMap<Int, String>)
        XCTAssertTrue(source.map { $0 + 1 }.filter { $0 > 2 } is CreateThenMap<Int, Int>)
        XCTAssertTrue(source.filter { $0 > 2 } is Filter<Int>, "a filter right after create is its own stage")
        XCTAssertTrue(
            source.map { $0 + 1 }.filter { $0 > 2 }.map { $0 * 2 } is Map<Int, Int>,
            "a map after an absorbed filter is its own stage")
    }

    func testTheJoinedStageSendsWhatTheSeparateStagesSend() {
        let log = Locked<[String]>([])
        var calls: [String] = []
        var joined: [Event<Int>] = []
        var separate: [Event<Int>] = []
        let transform: (Int) -> Int = { value in
            calls.append("map \(value)")
            return value * 10
        }
        let predicate: (Int) -> Bool = { value in
            calls.append("filter \(value)")
            return value != 20
        }

        _ = numbers([1, 2, 3], log: log).map(transform).filter(predicate).subscribe { joined.append($0) }
        let joinedCalls = calls
        calls = []
        _ = Observable.deferred { self.numbers([1, 2, 3], log: log) }.map(transform).filter(predicate)
            .subscribe { separate.append($0) }

        XCTAssertEqual(joined, [.next(10), .next(30), .completed])
        XCTAssertEqual(joined, separate)
        XCTAssertEqual(joinedCalls, ["map 1", "filter 10", "map 2", "filter 20", "map 3", "filter 30"])
        XCTAssertEqual(joinedCalls, calls)
        XCTAssertEqual(log.value, ["source disposed", "source disposed"])
    }

    func testAThrowingTransformEndsTheSequenceAndDisposesTheSource() {
        let log = Locked<[String]>([])
        var events: [Event<Int>] = []

        _ = numbers([1, 2, 3], log: log)
            .map { value -> Int in
                if value == 2 { throw TestError.boom }
                return value
            }
            .subscribe { events.append($0) }

        XCTAssertEqual(events, [.next(1), .error(TestError.boom)])
        XCTAssertEqual(log.value, ["source disposed"])
    }

    func testAThrowingPredicateEndsTheSequenceAndNothingFollows() {
        let log = Locked<[String]>([])
        var events: [Event<Int>] = []

        _ = numbers([1, 2, 3], log: log)
            .map { $0 * 2 }
            .filter { value in
                if value == 4 { throw TestError.other }
                return true
            }
            .subscribe { events.append($0) }

        XCTAssertEqual(events, [.next(2), .error(TestError.other)])
        XCTAssertEqual(log.value, ["source disposed"])
    }

    func testOnTheTestSchedulerTheTimesAreThoseOfTheSeparateStages() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start {
            Observable<Int>.create { observer in
                let ticks = [(210, 1), (220, 2), (230, 3)].map { time, value in
                    scheduler.scheduleAbsoluteVirtual((), time: time) { _ in
                        observer.onNext(value)
                        return Disposables.create()
                    }
                }
                let end = scheduler.scheduleAbsoluteVirtual((), time: 240) { _ in
                    observer.onCompleted()
                    return Disposables.create()
                }
                return Disposables.create(ticks + [end])
            }
            .map { $0 + 1 }
            .filter { $0 != 3 }
        }

        XCTAssertEqual(res.events, [.next(210, 2), .next(230, 4), .completed(240)])
    }
}
