import Dispatch
import RxCore
import RxDisposables
import RxSchedulers
import RxTestSupport
import XCTest

final class TestSchedulerTests: RxTestCase {
    func testDefaultsAreRxTests() {
        XCTAssertEqual(TestScheduler.Defaults.created, 100)
        XCTAssertEqual(TestScheduler.Defaults.subscribed, 200)
        XCTAssertEqual(TestScheduler.Defaults.disposed, 1000)
    }

    func testStartCreatesSubscribesAndDisposesAtTheDefaultTimes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(1000, 3), .next(1010, 4),
        ])
        var createdAt: TestTime?
        let res = scheduler.start { () -> TestableObservable<Int> in
            createdAt = scheduler.clock
            return xs
        }
        XCTAssertEqual(createdAt, 100)
        // The hot event at 1000 was scheduled before the disposal at 1000, so it still arrives.
        XCTAssertEqual(res.events, [.next(210, 2), .next(1000, 3)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
        XCTAssertEqual(scheduler.clock, 1010)
    }

    func testStartWithCustomTimes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, "a"), .next(20, "b"), .completed(30)])
        let res = scheduler.start(created: 0, subscribed: 50, disposed: 65) { xs }
        XCTAssertEqual(res.events, [.next(60, "a")])
        XCTAssertEqual(xs.subscriptions, [Subscription(50, 65)])
    }

    func testStartDisposedUsesDefaultCreationAndSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(40, 2)])
        let res = scheduler.start(disposed: 230) { xs }
        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testHotObservableEndsItsSubscriptionOnCompletionThroughAsObservable() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .completed(250), .next(260, 3),
        ])
        let res = scheduler.start { xs.asObservable() }
        XCTAssertEqual(res.events, [.next(210, 2), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(xs.recordedEvents.count, 4)
    }

    func testHotObservableSharesEventsBetweenSubscribers() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3)])
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        var subscriptions: [any Disposable] = []
        scheduler.scheduleAt(205) { subscriptions.append(xs.subscribe(first)) }
        scheduler.scheduleAt(215) { subscriptions.append(xs.subscribe(second)) }
        scheduler.scheduleAt(225) { subscriptions[0].dispose() }
        scheduler.scheduleAt(300) { subscriptions[1].dispose() }
        scheduler.start()
        XCTAssertEqual(first.events, [.next(210, 1), .next(220, 2)])
        XCTAssertEqual(second.events, [.next(220, 2), .next(230, 3)])
        XCTAssertEqual(xs.subscriptions, [Subscription(205, 225), Subscription(215, 300)])
    }

    func testColdObservableReplaysFromEachSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20, Int.self)])
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        var subscriptions: [any Disposable] = []
        scheduler.scheduleAt(100) { subscriptions.append(xs.subscribe(first)) }
        scheduler.scheduleAt(105) { subscriptions.append(xs.subscribe(second)) }
        scheduler.scheduleAt(118) { subscriptions[1].dispose() }
        scheduler.start()
        XCTAssertEqual(first.events, [.next(110, 1), .completed(120)])
        XCTAssertEqual(second.events, [.next(115, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(100), Subscription(105, 118)])
    }

    func testProcessingDelayMovesWorkForNowToTheNextTick() {
        let delayed = TestScheduler(initialClock: 0)
        let immediate = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        XCTAssertEqual(runTimes(delayed), [1, 1, 5])
        XCTAssertEqual(runTimes(immediate), [0, 0, 5])
    }

    func testScheduleAtIsNotDelayed() {
        let scheduler = TestScheduler(initialClock: 0)
        var ranAt: [TestTime] = []
        scheduler.scheduleAt(0) { ranAt.append(scheduler.clock) }
        scheduler.scheduleAt(7) { ranAt.append(scheduler.clock) }
        scheduler.start()
        XCTAssertEqual(ranAt, [0, 7])
    }

    func testResolutionScalesRelativeDueTimes() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.1)
        var ranAt: [TestTime] = []
        _ = scheduler.scheduleRelative((), dueTime: .seconds(2)) { _ in
            ranAt.append(scheduler.clock)
            return Disposables.create()
        }
        _ = scheduler.scheduleRelative((), dueTime: .milliseconds(340)) { _ in
            ranAt.append(scheduler.clock)
            return Disposables.create()
        }
        scheduler.start()
        XCTAssertEqual(ranAt, [3, 20])
    }

    func testConverterRoundsHalfUpLikeRxTest() {
        let converter = TestSchedulerVirtualTimeConverter(resolution: 1)
        XCTAssertEqual(converter.convertToVirtualTimeInterval(0.4), 0)
        XCTAssertEqual(converter.convertToVirtualTimeInterval(0.5), 1)
        XCTAssertEqual(converter.convertToVirtualTimeInterval(2.49), 2)
        XCTAssertEqual(converter.convertFromVirtualTimeInterval(3), 3)
        XCTAssertEqual(converter.convertToVirtualTimeInterval(1e300), .max)
        XCTAssertEqual(converter.offsetVirtualTime(.max - 1, offset: 5), .max)
        XCTAssertEqual(converter.convertToVirtualTime(converter.convertFromVirtualTime(1234)), 1234)
        XCTAssertEqual(converter.compareVirtualTime(1, 2), .lessThan)
        XCTAssertEqual(converter.compareVirtualTime(2, 2), .equal)
        XCTAssertEqual(converter.compareVirtualTime(3, 2), .greaterThan)
    }

    func testObserverRecordsEverythingItIsSent() {
        let scheduler = TestScheduler(initialClock: 42)
        let observer = scheduler.createObserver(String.self)
        observer.onNext("a")
        observer.onCompleted()
        observer.onNext("late")
        XCTAssertEqual(observer.events, [.next(42, "a"), .completed(42), .next(42, "late")])
    }

    /// Each thread drives its own scheduler; nothing is shared, so the results are exact.
    func testIndependentSchedulersRunInParallel() {
        let results = ParallelResults(count: 8)
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, index), .completed(20, Int.self)])
            let res = scheduler.start { xs }
            results.set(index, res.events)
        }
        for index in 0..<8 {
            XCTAssertEqual(results.get(index), [.next(210, index), .completed(220)])
        }
    }

    private func runTimes(_ scheduler: TestScheduler) -> [TestTime] {
        var ranAt: [TestTime] = []
        _ = scheduler.schedule(()) { _ in
            ranAt.append(scheduler.clock)
            return Disposables.create()
        }
        _ = scheduler.scheduleRelative((), dueTime: .seconds(-3)) { _ in
            ranAt.append(scheduler.clock)
            return Disposables.create()
        }
        _ = scheduler.scheduleRelative((), dueTime: .seconds(5)) { _ in
            ranAt.append(scheduler.clock)
            return Disposables.create()
        }
        scheduler.start()
        return ranAt
    }
}
