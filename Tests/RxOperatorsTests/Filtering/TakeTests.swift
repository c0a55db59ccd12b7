import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

final class TakeTests: RxTestCase {
    private func source(_ scheduler: TestScheduler) -> TestableObservable<Int> {
        scheduler.createHotObservable([
            .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(300),
        ])
    }

    func testCompletesRightAfterTheLastElementAllowed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)

        let res = scheduler.start { xs.take(2) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testASourceShorterThanTheCountCompletesWhenItDoes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)

        let res = scheduler.start { xs.take(10) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testZeroCompletesWithoutSubscribing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)

        let res = scheduler.start { xs.take(0) }

        XCTAssertEqual(res.events, [.completed(200)])
        XCTAssertEqual(xs.subscriptions, [])
    }

    func testErrorPasses() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(250, TestError.boom)])

        let res = scheduler.start { xs.take(3) }

        XCTAssertEqual(res.events, [.next(210, 1), .error(250, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testDisposingMidStream() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)

        let res = scheduler.start(disposed: 225) { xs.take(3) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 225)])
    }

    func testCountsDownBeforeForwardingSoAReentrantElementIsDropped() {
        // The element sent back from inside onNext arrives while the first is still being
        // delivered; the count is already used up, so it is dropped (as in RxSwift).
        let reported = Locked<[String]>([])
        let previousHandler = Hooks.synchronizationErrorHandler
        Hooks.synchronizationErrorHandler = { message in reported.mutate { $0.append(message) } }
        defer { Hooks.synchronizationErrorHandler = previousHandler }
        var feedback: AnyObserver<Bool>?
        let toggles = Observable<Bool>.create { observer in
            feedback = observer
            observer.onNext(false)
            return Disposables.create()
        }
        var received: [Bool] = []

        _ = toggles.take(1).subscribe(onNext: { value in
            received.append(value)
            feedback?.onNext(!value)
        })
        feedback = nil

        XCTAssertEqual(received, [false])
        XCTAssertFalse(reported.value.isEmpty, "the debug build reports the reentrant event")
    }

    func testMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a-^-b-c-d-|")

        let res = scheduler.start { xs.take(2) }

        assertMarbles(res, "--b-(c|)")
        assertSubscriptions(xs, "^---!")
    }
}
