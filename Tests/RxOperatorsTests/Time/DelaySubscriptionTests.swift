import Dispatch
import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

final class DelaySubscriptionTests: RxTestCase {
    func testSubscribesOnceTheDueTimeHasPassed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(50, 42), .next(60, 43), .completed(70)])

        let res = scheduler.start { xs.delaySubscription(.seconds(30), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(280, 42), .next(290, 43), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(230, 300)])
        XCTAssertEqual(scheduler.pendingWorkCount, 0)
    }

    func testASourceErrorIsPassedOn() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(50, 42), .next(60, 43), .error(70, TestError.boom)])

        let res = scheduler.start { xs.delaySubscription(.seconds(30), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(280, 42), .next(290, 43), .error(300, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(230, 300)])
    }

    func testASourceFailingAtSubscriptionFailsAtTheDelayedTime() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start {
            Observable<Int>.error(TestError.boom).delaySubscription(.seconds(35), scheduler: scheduler)
        }

        XCTAssertEqual(res.events, [.error(235, TestError.boom)])
    }

    func testAHotSourceIsHeardOnlyFromTheDelayedSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(260)])

        let res = scheduler.start { xs.delaySubscription(.seconds(30), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(240, 2), .completed(260)])
        XCTAssertEqual(xs.subscriptions, [Subscription(230, 260)])
    }

    func testMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createColdObservable("--a-b-|")

        // Three frames: each frame is 10 ticks.
        let res = scheduler.start { xs.delaySubscription(.seconds(30), scheduler: scheduler) }

        assertMarbles(res, "-----a-b-|")
        assertSubscriptions(xs, "---^-----!")
    }

    func testDisposingAfterTheSubscriptionUnsubscribesTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(50, 42), .next(60, 43), .error(70, TestError.boom)])

        let res = scheduler.start(disposed: 291) { xs.delaySubscription(.seconds(30), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(280, 42), .next(290, 43)])
        XCTAssertEqual(xs.subscriptions, [Subscription(230, 291)])
        XCTAssertEqual(scheduler.pendingWorkCount, 0)
    }

    func testDisposingBeforeTheDueTimeMeansTheSourceIsNeverSubscribed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])

        let res = scheduler.start(disposed: 220) { xs.delaySubscription(.seconds(30), scheduler: scheduler) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [])
        XCTAssertEqual(scheduler.pendingWorkCount, 0)
    }

    func testDisposalLeavesNothingQueuedOnTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let subscribed = Counter()
        let source = Observable<Int>.create { _ in
            subscribed.increment()
            return Disposables.create()
        }
        let subscription = source.delaySubscription(.seconds(20), scheduler: scheduler).subscribe()

        XCTAssertEqual(scheduler.pendingWorkCount, 1, "the scheduled subscription")
        subscription.dispose()

        XCTAssertEqual(scheduler.pendingWorkCount, 0)
        scheduler.start()
        XCTAssertEqual(subscribed.value, 0)
    }

    func testAZeroDueTimeSubscribesAtTheNextTick() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])

        let res = scheduler.start { xs.delaySubscription(.seconds(0), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(211, 1), .completed(221)])
        XCTAssertEqual(xs.subscriptions, [Subscription(201, 221)])
    }

    func testANegativeDueTimeActsAsZero() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])

        let res = scheduler.start { xs.delaySubscription(.seconds(-5), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(211, 1), .completed(221)])
        XCTAssertEqual(xs.subscriptions, [Subscription(201, 221)])
    }

    func testANeverDueTimeNeverSubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])

        let res = scheduler.start { xs.delaySubscription(.never, scheduler: scheduler) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [])
        XCTAssertEqual(scheduler.pendingWorkCount, 0, "nothing is queued for .never")
    }

    func testADueTimePastTheEndOfTheClockSaturates() {
        let scheduler = TestScheduler(initialClock: Int.max - 100)
        let subscribedAt = Locked<[Int]>([])
        let source = Observable<Int>.create { observer in
            subscribedAt.value.append(scheduler.clock)
            observer.onNext(1)
            return Disposables.create()
        }
        let observer = scheduler.createObserver(Int.self)
        let subscription = source.delaySubscription(.seconds(1_000), scheduler: scheduler).subscribe(observer)

        scheduler.start()

        XCTAssertEqual(subscribedAt.value, [Int.max])
        XCTAssertEqual(observer.events, [.next(Int.max, 1)])
        subscription.dispose()
    }

    func testNothingIsPassedOnAfterDisposalFromASourceThatIgnoresIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let live = Counter()
        let source = DisposalIgnoringObservable<LiveElement>()
        var received = 0
        let subscription = source.delaySubscription(.seconds(10), scheduler: scheduler)
            .subscribe(onNext: { _ in received += 1 })
        scheduler.start()

        subscription.dispose()
        for value in 0..<1_000 {
            source.observer?.onNext(LiveElement(value, live: live))
        }

        XCTAssertEqual(received, 0)
        XCTAssertEqual(live.value, 0)
        XCTAssertEqual(source.disposals.value, 1, "the source's subscription was disposed")
        XCTAssertEqual(scheduler.pendingWorkCount, 0)
        source.forget()
    }

    func testOnADispatchSchedulerTheSourceIsSubscribedOnTheSchedulersQueue() {
        let key = DispatchSpecificKey<String>()
        let scheduler = SerialDispatchQueueScheduler(
            internalSerialQueueName: "delay-subscription-test",
            serialQueueConfiguration: { $0.setSpecific(key: key, value: "scheduler") })
        let subscribedOn = Locked<[String?]>([])
        let source = Observable<Int>.create { observer in
            subscribedOn.value.append(DispatchQueue.getSpecific(key: key))
            observer.onNext(1)
            observer.onCompleted()
            return Disposables.create()
        }
        let received = Locked<[Int]>([])
        let done = expectation(description: "completed")
        let subscription = source.delaySubscription(.milliseconds(20), scheduler: scheduler)
            .subscribe(onNext: { value in received.value.append(value) }, onCompleted: { done.fulfill() })

        wait(for: [done], timeout: 10)

        XCTAssertEqual(subscribedOn.value, ["scheduler"])
        XCTAssertEqual(received.value, [1])
        subscription.dispose()
    }
}
