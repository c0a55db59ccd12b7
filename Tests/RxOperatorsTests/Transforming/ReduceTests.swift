import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

final class ReduceTests: RxTestCase {
    func testSendsTheFoldedValueWhenTheSourceCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 9), .next(210, 1), .next(220, 2), .next(230, 3), .completed(300),
        ])

        let res = scheduler.start { xs.reduce(10, accumulator: +) }

        XCTAssertEqual(res.events, [.next(300, 16), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testMapResultTransformsTheFoldedValue() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-1-^-1-2-3-|", values: ["1": 1, "2": 2, "3": 3])

        let res = scheduler.start { xs.reduce(0, accumulator: +, mapResult: { "sum \($0)" }) }

        assertMarbles(res, "--------(s|)", values: ["s": "sum 6"])
    }

    func testAnEmptySourceSendsTheSeed() {
        var received: [String] = []

        _ = Observable<Int>.empty().reduce(0, accumulator: +, mapResult: { "\($0)" })
            .subscribe(onNext: { received.append($0) }, onCompleted: { received.append("done") })

        XCTAssertEqual(received, ["0", "done"])
    }

    func testThrowingClosuresAndSourceErrorsEndTheSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let accumulatorThrew = scheduler.start {
            xs.reduce(0) { total, value in
                if value == 2 { throw TestError.boom }
                return total + value
            }
        }
        XCTAssertEqual(accumulatorThrew.events, [.error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])

        let other = TestScheduler(initialClock: 0)
        let ys = other.createHotObservable([.next(210, 1), .completed(300)])
        let mapThrew = other.start {
            ys.reduce(0, accumulator: +, mapResult: { (_: Int) -> Int in throw TestError.other })
        }
        XCTAssertEqual(mapThrew.events, [.error(300, TestError.other)])

        let third = TestScheduler(initialClock: 0)
        let failing = third.createHotObservable([.next(210, 1), .error(250, TestError.boom)])
        let failed = third.start { failing.reduce(0, accumulator: +) }
        XCTAssertEqual(failed.events, [.error(250, TestError.boom)])
    }

    func testDisposingMidStreamSendsNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])

        let res = scheduler.start(disposed: 250) { xs.reduce(0, accumulator: +) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testKeepsTheFoldedValueNeverTheElements() {
        let live = Counter()
        let source = PublishSubject<LiveElement>()
        var total = 0
        let subscription = source.reduce(0) { $0 + $1.value }.subscribe(onNext: { total = $0 })

        for value in 1...100 {
            source.onNext(LiveElement(value, live: live))
        }
        XCTAssertEqual(live.value, 0)
        source.onCompleted()

        XCTAssertEqual(total, 5050)
        subscription.dispose()
    }
}
