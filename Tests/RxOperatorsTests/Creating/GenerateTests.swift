import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

final class GenerateTests: RxTestCase {
    func testOnATestSchedulerSendsOneStatePerTickThenCompletes() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start {
            Observable.generate(initialState: 0, condition: { $0 <= 3 }, scheduler: scheduler, iterate: { $0 + 1 })
        }

        XCTAssertEqual(res.events, [.next(201, 0), .next(202, 1), .next(203, 2), .next(204, 3), .completed(205)])
    }

    func testWithMarbles() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start {
            Observable.generate(initialState: 1, condition: { $0 < 10 }, iterate: { $0 * 3 })
        }

        assertMarbles(res, "(139|)")
    }

    func testAnInitialStateThatFailsTheConditionOnlyCompletes() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start {
            Observable.generate(initialState: 5, condition: { $0 < 0 }, scheduler: scheduler, iterate: { $0 + 1 })
        }

        XCTAssertEqual(res.events, [.completed(201)])
    }

    func testAThrowingConditionSendsItsError() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start {
            Observable.generate(
                initialState: 0,
                condition: { state in
                    if state == 2 { throw TestError.boom }
                    return true
                }, scheduler: scheduler, iterate: { $0 + 1 })
        }

        XCTAssertEqual(res.events, [.next(201, 0), .next(202, 1), .error(203, TestError.boom)])
    }

    func testAThrowingIterateSendsItsError() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start {
            Observable.generate(
                initialState: 0, condition: { _ in true }, scheduler: scheduler,
                iterate: { state in
                    if state == 1 { throw TestError.other }
                    return state + 1
                })
        }

        XCTAssertEqual(res.events, [.next(201, 0), .next(202, 1), .error(203, TestError.other)])
    }

    func testDisposingMidStreamStopsTheSteps() {
        let scheduler = TestScheduler(initialClock: 0)
        var iterations = 0

        let res = scheduler.start(disposed: 203) {
            Observable.generate(
                initialState: 0, condition: { _ in true }, scheduler: scheduler,
                iterate: { state in
                    iterations += 1
                    return state + 1
                })
        }

        XCTAssertEqual(res.events, [.next(201, 0), .next(202, 1)])
        XCTAssertEqual(iterations, 1)
    }

    func testOnTheTrampolineItTakesTurnsWithOtherSequences() {
        var log: [String] = []
        let both = Observable<Int>.create { observer in
            let first = Observable.generate(initialState: 1, condition: { $0 <= 3 }, iterate: { $0 + 1 })
                .subscribe(onNext: { observer.onNext($0) })
            let second = Observable.of(10, 20, 30).subscribe(onNext: { observer.onNext($0) })
            return Disposables.create(first, second)
        }

        both.subscribe(onNext: { log.append("\($0)") }).dispose()

        XCTAssertEqual(log, ["1", "10", "2", "20", "3", "30"])
    }

    func testEachSubscriptionStartsFromTheInitialState() {
        let numbers = Observable.generate(initialState: 1, condition: { $0 < 4 }, iterate: { $0 + 1 })
        var received: [Int] = []

        _ = numbers.subscribe(onNext: { received.append($0) })
        _ = numbers.subscribe(onNext: { received.append($0) })

        XCTAssertEqual(received, [1, 2, 3, 1, 2, 3])
    }
}
