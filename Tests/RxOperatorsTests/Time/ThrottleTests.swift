import Dispatch
import Foundation
import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

/// A scheduler that counts the timers asked of it and hands them to a ``TestScheduler``.
private final class CountingScheduler: SchedulerType {
    let base: TestScheduler
    let scheduled = Counter()

    init(_ base: TestScheduler) {
        self.base = base
    }

    var now: RxTime { base.now }

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> any Disposable) -> any Disposable {
        scheduled.increment()
        return base.schedule(state, action: action)
    }

    func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        scheduled.increment()
        return base.scheduleRelative(state, dueTime: dueTime, action: action)
    }
}

final class ThrottleTests: RxTestCase {
    private func source(_ scheduler: TestScheduler, completedAt end: TestTime) -> TestableObservable<Int> {
        scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(250, 3), .next(310, 4), .next(350, 5), .next(410, 6),
            .next(450, 7), .completed(end),
        ])
    }

    func testLatestSendsTheFirstElementAtOnceAndTheLatestWhenTheWindowEnds() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler, completedAt: 500)

        let res = scheduler.start { xs.throttle(.seconds(200), scheduler: scheduler) }

        // 2 opens a window to 410; 3, 4, 5 are kept in turn; 6 comes at 410, before the timer,
        // so it goes on at once in place of 5. 7 is kept until 610, and completion waits for it.
        XCTAssertEqual(res.events, [.next(210, 2), .next(410, 6), .next(610, 7), .completed(610)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 500)], "the source's subscription ends with it")
        XCTAssertEqual(scheduler.pendingWorkCount, 0)
    }

    func testACompletionWithNothingKeptPassesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler, completedAt: 900)

        let res = scheduler.start { xs.throttle(.seconds(200), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(410, 6), .next(610, 7), .completed(900)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 900)])
    }

    func testNotLatestDropsWhatComesWithinTheWindow() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler, completedAt: 500)

        let res = scheduler.start { xs.throttle(.seconds(200), latest: false, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(410, 6), .completed(500)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 500)])
    }

    func testTheWindowIsMeasuredFromTheLastElementSent() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(215, 2), .next(235, 3), .next(260, 4), .completed(300),
        ])

        let res = scheduler.start { xs.throttle(.seconds(20), scheduler: scheduler) }

        // 2 is sent at 230, the end of 1's window, and opens the next: 3 waits until 250. 4
        // comes 10 after that, and waits until 270.
        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 2), .next(250, 3), .next(270, 4), .completed(300)])
    }

    func testAnElementAtTheEndOfTheWindowGoesOnAtOnceInPlaceOfTheKeptOne() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .next(230, 3), .next(240, 4)])

        let res = scheduler.start { xs.throttle(.seconds(20), scheduler: scheduler) }

        // 3 runs at 230 before the timer scheduled at 215 for 230: the window is over, so 3 is
        // sent and 2, kept, is never sent.
        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 3), .next(250, 4)])
    }

    func testAnErrorIsPassedOnAtOnceAndTheKeptElementDropped() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 2), .next(250, 3), .next(350, 5), .error(410, TestError.boom), .next(450, 7),
        ])

        let res = scheduler.start { xs.throttle(.seconds(200), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 2), .error(410, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 410)])
        XCTAssertEqual(scheduler.pendingWorkCount, 0)
    }

    func testAnErrorWhileCompletionWaitsIsNotListenedTo() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = DisposalIgnoringObservable<Int>()
        let observer = scheduler.createObserver(Int.self)
        let subscription = source.throttle(.seconds(20), scheduler: scheduler).subscribe(observer)

        source.observer?.onNext(1)
        source.observer?.onNext(2)
        source.observer?.onCompleted()
        source.observer?.onError(TestError.boom)
        source.observer?.onNext(3)
        scheduler.start()

        XCTAssertEqual(observer.events, [.next(0, 1), .next(20, 2), .completed(20)])
        subscription.dispose()
        source.forget()
    }

    func testMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a-^b-cd-----e-f---|")

        // Four frames: each frame is 10 ticks. d replaces c and is sent when b's window ends.
        let res = scheduler.start { xs.throttle(.seconds(40), scheduler: scheduler) }

        assertMarbles(res, "-b---d----e---f-|")
    }

    func testMarblesNotLatest() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a-^b-cd-----e-f---|")

        let res = scheduler.start { xs.throttle(.seconds(40), latest: false, scheduler: scheduler) }

        assertMarbles(res, "-b--------e-----|")
    }

    func testDisposingMidStreamCancelsTheTimer() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])

        let res = scheduler.start(disposed: 225) { xs.throttle(.seconds(20), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 225)])
    }

    func testDisposalLeavesNothingQueuedOnTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = PublishSubject<Int>()
        let subscription = subject.throttle(.seconds(20), scheduler: scheduler).subscribe()

        subject.onNext(1)
        XCTAssertEqual(scheduler.pendingWorkCount, 0, "the first element is sent at once")
        subject.onNext(2)
        XCTAssertEqual(scheduler.pendingWorkCount, 1, "the kept element's timer")
        subject.onCompleted()
        XCTAssertEqual(scheduler.pendingWorkCount, 1, "completion waits for the kept element")
        subscription.dispose()

        XCTAssertEqual(scheduler.pendingWorkCount, 0)
    }

    func testADroppedOrReplacedElementSchedulesNothing() {
        for latest in [true, false] {
            let scheduler = CountingScheduler(TestScheduler(initialClock: 0))
            let subject = PublishSubject<Int>()
            var received: [Int] = []
            let subscription = subject.throttle(.seconds(20), latest: latest, scheduler: scheduler)
                .subscribe(onNext: { received.append($0) })

            for value in 0..<1_000 { subject.onNext(value) }

            XCTAssertEqual(
                scheduler.scheduled.value, latest ? 1 : 0, "one timer for the window at most, latest: \(latest)")
            XCTAssertEqual(scheduler.base.pendingWorkCount, latest ? 1 : 0, "latest: \(latest)")
            scheduler.base.start()
            XCTAssertEqual(received, latest ? [0, 999] : [0], "latest: \(latest)")
            subscription.dispose()
        }
    }

    func testAZeroDueTimePassesEveryElementOnAtOnce() {
        let scheduler = CountingScheduler(TestScheduler(initialClock: 0))
        let xs = scheduler.base.createHotObservable([.next(210, 1), .next(210, 2), .next(220, 3), .completed(230)])

        let res = scheduler.base.start { xs.throttle(.seconds(0), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(210, 2), .next(220, 3), .completed(230)])
        XCTAssertEqual(scheduler.scheduled.value, 0, "no timer")
    }

    func testANegativeDueTimePassesEveryElementOnAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(210, 2), .next(220, 3), .completed(230)])

        let res = scheduler.start { xs.throttle(.seconds(-5), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(210, 2), .next(220, 3), .completed(230)])
    }

    func testANeverDueTimeSendsTheFirstElementOnlyAndACompletionAfterAKeptOneNeverComes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])

        let res = scheduler.start { xs.throttle(.never, scheduler: scheduler) }

        // As RxSwift: 2 is kept for a timer that never fires, and completion waits for it.
        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(scheduler.pendingWorkCount, 0, "a .never timer is not queued")
    }

    func testANeverDueTimeWithoutLatestSendsTheFirstElementAndCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])

        let res = scheduler.start { xs.throttle(.never, latest: false, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(300)])
    }

    func testTheWaitLeftIsRoundedToWholeUnitsOfTheDueTimeAsRxSwift() {
        // One tick is a tenth of a second: the due time is ten ticks.
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.1)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(214, 2), .next(230, 3), .next(233, 4), .completed(300),
        ])

        let res = scheduler.start { xs.throttle(.seconds(1), scheduler: scheduler) }

        // 2 comes 0.4 s after 1: 0.6 s is left, rounded up to a whole second, so 2 is sent at
        // 224, not 220. 3 comes 0.6 s after 2 was sent: 0.4 s is left, rounded down to nothing,
        // so 3 is sent at once. 4 comes 0.3 s after 3 and waits a whole second.
        XCTAssertEqual(res.events, [.next(210, 1), .next(224, 2), .next(230, 3), .next(243, 4), .completed(300)])
    }

    func testAFinerUnitGivesAFinerWindow() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.1)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(214, 2), .next(230, 3), .next(233, 4), .completed(300),
        ])

        let res = scheduler.start { xs.throttle(.milliseconds(1_000), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(300)])
    }

    func testADueTimePastTheEndOfTheClockSaturates() {
        let scheduler = TestScheduler(initialClock: Int.max - 100)
        let subject = PublishSubject<Int>()
        let observer = scheduler.createObserver(Int.self)
        let subscription = subject.throttle(.seconds(1_000), scheduler: scheduler).subscribe(observer)

        subject.onNext(1)
        subject.onNext(2)
        scheduler.start()

        XCTAssertEqual(observer.events, [.next(Int.max - 100, 1), .next(Int.max, 2)])
        subscription.dispose()
    }

    func testTheLargestDueTimesDoNotTrap() {
        for dueTime: RxTimeInterval in [.seconds(.max), .milliseconds(.max), .nanoseconds(.max), .seconds(.min)] {
            let scheduler = TestScheduler(initialClock: 0)
            let subject = PublishSubject<Int>()
            let observer = scheduler.createObserver(Int.self)
            let subscription = subject.throttle(dueTime, scheduler: scheduler).subscribe(observer)

            subject.onNext(1)
            subject.onNext(2)
            scheduler.advanceTo(1_000)

            let expected: [Recorded<Event<Int>>] =
                dueTime == .seconds(.min) ? [.next(0, 1), .next(0, 2)] : [.next(0, 1)]
            XCTAssertEqual(observer.events, expected, "\(dueTime)")
            subscription.dispose()
            XCTAssertEqual(scheduler.pendingWorkCount, 0)
        }
    }

    func testElementsAreReleasedOnceSentReplacedDroppedOrDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let live = Counter()
        let subject = PublishSubject<LiveElement>()
        var received: [Int] = []
        let subscription = subject.throttle(.seconds(10), scheduler: scheduler)
            .subscribe(onNext: { received.append($0.value) })

        subject.onNext(LiveElement(1, live: live))
        XCTAssertEqual(live.value, 0, "the element sent at once is released")
        subject.onNext(LiveElement(2, live: live))
        subject.onNext(LiveElement(3, live: live))
        XCTAssertEqual(live.value, 1, "the replaced element is released at once")
        scheduler.start()
        XCTAssertEqual(received, [1, 3])
        XCTAssertEqual(live.value, 0, "the kept element is released once sent")

        subject.onNext(LiveElement(4, live: live))
        XCTAssertEqual(live.value, 1)
        subscription.dispose()
        XCTAssertEqual(live.value, 0, "the kept element is released on disposal")

        let dropping = subject.throttle(.seconds(10), latest: false, scheduler: scheduler).subscribe()
        for value in 0..<1_000 { subject.onNext(LiveElement(value, live: live)) }
        XCTAssertEqual(live.value, 0, "dropped elements are not kept")
        dropping.dispose()
    }

    func testAReplacedElementWhoseDeinitSendsIntoTheChainIsHandledAfterIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let live = Counter()
        let source = DisposalIgnoringObservable<LiveElement>()
        var received: [Int] = []
        let subscription = source.throttle(.seconds(10), scheduler: scheduler)
            .subscribe(onNext: { received.append($0.value) })
        let reentrant = UncheckedSendable(source.observer!)

        source.observer?.onNext(LiveElement(0, live: live))
        source.observer?.onNext(
            LiveElement(1, live: live, onRelease: { reentrant.value.onNext(LiveElement(9, live: live)) }))
        source.observer?.onNext(LiveElement(2, live: live))
        scheduler.start()

        XCTAssertEqual(received, [0, 9], "the element sent from the deinit came last and was the one kept")
        subscription.dispose()
        source.forget()
        XCTAssertEqual(live.value, 0)
    }

    func testNothingIsKeptOrScheduledAfterDisposalFromASourceThatIgnoresIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let live = Counter()
        let source = DisposalIgnoringObservable<LiveElement>()
        let subscription = source.throttle(.seconds(10), scheduler: scheduler).subscribe()

        source.observer?.onNext(LiveElement(0, live: live))
        subscription.dispose()
        for value in 1...1_000 {
            source.observer?.onNext(LiveElement(value, live: live))
        }

        XCTAssertEqual(live.value, 0)
        XCTAssertEqual(scheduler.pendingWorkCount, 0)
        source.forget()
    }

    func testOnADispatchSchedulerTheFirstAndTheLastOfABurstArrive() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "throttle-test")
        let subject = PublishSubject<Int>()
        let received = Locked<[Int]>([])
        let done = expectation(description: "completed")
        let subscription = subject.throttle(.milliseconds(50), scheduler: scheduler)
            .subscribe(onNext: { value in received.value.append(value) }, onCompleted: { done.fulfill() })

        for value in 1...5 { subject.onNext(value) }
        subject.onCompleted()
        wait(for: [done], timeout: 10)

        // However long the burst took, 1 opens the first window and 5, the latest, is sent last,
        // before completion, which waited for it.
        let values = received.value
        XCTAssertEqual(values.first, 1)
        XCTAssertEqual(values.last, 5)
        XCTAssertEqual(values, values.sorted())
        XCTAssertGreaterThanOrEqual(values.count, 2)
        subscription.dispose()
    }

    // MARK: A timer never waits for a delivery (issue 38)

    func testATimerFiringWhileAnErrorIsDeliveredNeverWaitsForIt() {
        // The timer that ends the window (for the kept element 2) fires during the error's
        // delivery. RxSwift's timer waits for its lock here, which the source holds across it.
        assertTimerDoesNotWaitForTheDelivery(
            of: "throttle", { source, scheduler, dueTime in source.throttle(dueTime, scheduler: scheduler) },
            before: {
                $0.onNext(1)
                $0.onNext(2)
            }, during: { $0.onError(TestError.boom) })
    }
}

// MARK: - Under contention

/// `throttle` with the elements on the test's thread and the timers on a dispatch queue.
final class ThrottleUnderContentionTests: TimeContentionTestCase {
    func testTimeStressThrottleWithElementsAndTimersOnDifferentThreads() {
        for round in 0..<rounds {
            let latest = round.isMultiple(of: 2)
            let disposeMidway = round % 5 == 4
            let probe = runRound(round, count: count, disposeMidway: disposeMidway) { source, scheduler in
                source.throttle(.microseconds(100), latest: latest, scheduler: scheduler)
            }
            if !probe.elements.isEmpty || !disposeMidway {
                XCTAssertEqual(probe.elements.first, 0, "the first element opens the first window, round \(round)")
            }
            if latest, !disposeMidway {
                XCTAssertEqual(probe.elements.last, count - 1, "the latest is sent before completion, round \(round)")
            }
        }
    }
}
