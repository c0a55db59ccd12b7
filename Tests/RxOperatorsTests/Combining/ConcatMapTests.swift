import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

final class ConcatMapTests: RxTestCase {
    func testRunsTheSelectedSequencesOneAtATimeInOrder() {
        let scheduler = TestScheduler(initialClock: 0)
        let inners = [
            scheduler.createColdObservable([.next(10, 11), .next(30, 12), .completed(40)]),
            scheduler.createColdObservable([.next(5, 21), .completed(20)]),
        ]
        let xs = scheduler.createHotObservable([.next(210, 0), .next(220, 1), .completed(300)])
        var selectedAt: [TestTime] = []

        let res = scheduler.start {
            xs.concatMap { index in
                selectedAt.append(scheduler.clock)
                return inners[index]
            }
        }

        XCTAssertEqual(res.events, [.next(220, 11), .next(240, 12), .next(255, 21), .completed(300)])
        XCTAssertEqual(selectedAt, [210, 220], "the selector runs as each element arrives")
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(inners[0].subscriptions, [Subscription(210, 250)])
        XCTAssertEqual(inners[1].subscriptions, [Subscription(250, 270)])
    }

    func testWithMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a-^-a-b-------|", values: ["a": 1, "b": 2])
        let ys = try scheduler.createColdObservable("-x--y|", values: ["x": 10, "y": 20])

        let res = scheduler.start { xs.concatMap { value in ys.map { $0 * value } } }

        assertMarbles(res, "---a--b-c--d|", values: ["a": 10, "b": 20, "c": 20, "d": 40])
        assertSubscriptions(xs, "^-----------!")
        assertSubscriptions(ys, "--^----!", "-------^----!")
    }

    func testAThrowingSelectorSendsItsErrorAndDisposesEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.next(5, 1), .completed(100)])
        let xs = scheduler.createHotObservable([.next(210, 0), .next(220, 1), .completed(400)])

        let res = scheduler.start { () -> Observable<Int> in
            xs.concatMap { index -> TestableObservable<Int> in
                if index == 1 { throw TestError.boom }
                return inner
            }
        }

        XCTAssertEqual(res.events, [.next(215, 1), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 220)])
    }

    func testAnInnerErrorDropsTheWaitingSequences() {
        let scheduler = TestScheduler(initialClock: 0)
        let failing = scheduler.createColdObservable([.error(20, TestError.boom)] as [Recorded<Event<Int>>])
        let waiting = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let xs = scheduler.createHotObservable([.next(210, 0), .next(215, 1), .completed(400)])

        let res = scheduler.start { xs.concatMap { $0 == 0 ? failing : waiting } }

        XCTAssertEqual(res.events, [.error(230, TestError.boom)])
        XCTAssertEqual(waiting.subscriptions, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testSequencesCompletingWhileBeingSubscribedRunInOrder() {
        var received: [Int] = []

        _ = Observable.from(0..<1000).concatMap { Observable.of($0, -$0) }.subscribe(onNext: { received.append($0) })

        XCTAssertEqual(received, (0..<1000).flatMap { [$0, -$0] })
    }
}
