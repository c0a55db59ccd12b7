import RxCore
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

final class CatchSequenceTests: RxTestCase {
    func testMovesToTheNextSequenceOnEachErrorAndStopsAtTheFirstThatCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, TestError.boom)])
        let ys = scheduler.createColdObservable([.next(10, 2), .error(30, TestError.other)])
        let zs = scheduler.createColdObservable([.next(10, 3), .completed(20)])
        let unused = scheduler.createColdObservable([.next(10, 4), .completed(20)])

        let res = scheduler.start {
            Observable.catch(sequence: [xs, ys, zs, unused].map { $0.asObservable() })
        }

        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 2), .next(260, 3), .completed(270)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys.subscriptions, [Subscription(220, 250)])
        XCTAssertEqual(zs.subscriptions, [Subscription(250, 270)])
        XCTAssertEqual(unused.subscriptions, [])
    }

    func testWithMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createColdObservable("-a#", error: TestError.boom)
        let ys = try scheduler.createColdObservable("-b-c|")

        let res = scheduler.start { Observable.catch(sequence: [xs.asObservable(), ys.asObservable()]) }

        assertMarbles(res, "-a-b-c|")
        assertSubscriptions(xs, "^-!")
        assertSubscriptions(ys, "--^---!")
    }

    func testWhenEverySequenceFailsTheLastErrorIsSent() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, TestError.boom)])
        let ys = scheduler.createColdObservable([.error(30, TestError.other)] as [Recorded<Event<Int>>])

        let res = scheduler.start { Observable.catch(sequence: [xs.asObservable(), ys.asObservable()]) }

        XCTAssertEqual(res.events, [.next(210, 1), .error(250, TestError.other)])
        XCTAssertEqual(ys.subscriptions, [Subscription(220, 250)])
    }

    func testAnEmptySequenceCompletesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Int>.catch(sequence: [Observable<Int>]()) }

        XCTAssertEqual(res.events, [.completed(200)])
    }

    func testDisposingMidStreamUnsubscribesTheCurrentSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, TestError.boom)])
        let ys = scheduler.createColdObservable([.next(10, 2), .next(50, 3), .completed(60)])

        let res = scheduler.start(disposed: 240) {
            Observable.catch(sequence: [xs.asObservable(), ys.asObservable()])
        }

        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 2)])
        XCTAssertEqual(ys.subscriptions, [Subscription(220, 240)])
    }

    func testAnInfiniteSequenceIsIteratedLazily() {
        var made = 0
        let sources = (0...).lazy.map { index -> Observable<Int> in
            made += 1
            return index < 3 ? .error(TestError.boom) : .just(index)
        }
        var received: [Int] = []
        var completed = false

        _ = Observable.catch(sequence: sources).subscribe(
            onNext: { received.append($0) }, onCompleted: { completed = true })

        XCTAssertEqual(received, [3])
        XCTAssertTrue(completed)
        XCTAssertEqual(made, 4)
    }

    func testManySequencesThatFailAtOnceDoNotGrowTheStack() {
        var subscriptions = 0
        let failing = Observable<Int>.deferred {
            subscriptions += 1
            return .error(TestError.boom)
        }
        var error: (any Error)?

        _ = Observable.catch(sequence: Array(repeating: failing, count: 100_000)).subscribe(onError: { error = $0 })

        XCTAssertEqual(subscriptions, 100_000)
        XCTAssertEqual(error as? TestError, .boom)
    }
}
