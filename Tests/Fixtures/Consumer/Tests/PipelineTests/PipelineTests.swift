import Pipeline
import RunningTotal
import RxTestSupport
import XCTest

final class PipelineTests: RxTestCase {
    func testEvenSquaresWithRecordedEvents() {
        let scheduler = TestScheduler(initialClock: 0)
        let numbers = scheduler.createColdObservable([
            .next(10, 1), .next(30, 2), .next(50, 3), .next(70, 4), .next(90, 6), .completed(110),
        ])

        let observer = scheduler.start { Pipeline.evenSquares(of: numbers, limit: 2) }

        XCTAssertEqual(observer.events, [.next(230, 4), .next(270, 16), .completed(270)])
        XCTAssertEqual(numbers.subscriptions, [Subscription(200, 270)])
    }

    func testEvenSquaresDeliveredThroughADisposeBag() {
        var received: [Int] = []
        Pipeline.deliverEvenSquares(of: [1, 2, 3, 4, 5, 6, 8], limit: 3, in: DisposeBag()) { received.append($0) }
        XCTAssertEqual(received, [4, 16, 36])
    }

    func testEvenSquaresWithMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let digits: [Character: Int] = ["1": 1, "2": 2, "3": 3, "4": 4, "6": 6]
        let numbers = try scheduler.createColdObservable("-1-2-3-4-6-|", values: digits)

        let observer = scheduler.start { Pipeline.evenSquares(of: numbers, limit: 2) }

        assertMarbles(observer, "---a---(b|)", values: ["a": 4, "b": 16])
        assertSubscriptions(numbers, "^------!")
    }

    func testRunningTotalWithMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let numbers = try scheduler.createHotObservable("-1-^-2-3-|", values: ["1": 1, "2": 2, "3": 3])

        let observer = scheduler.start { numbers.runningTotal() }

        assertMarbles(observer, "--a-b-|", values: ["a": 2, "b": 5])
    }
}
