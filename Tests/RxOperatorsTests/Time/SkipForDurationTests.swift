import Dispatch
import Foundation
import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

final class SkipForDurationTests: RxTestCase {
    func testDropsElementsUntilTheDurationHasPassedSinceSubscribing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])

        let res = scheduler.start { xs.skip(.seconds(15), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(220, 2), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(scheduler.pendingWorkCount, 0)
    }

    func testASourceThatCompletesBeforeTheDurationPassesCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])

        let res = scheduler.start { xs.skip(.seconds(50), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(scheduler.pendingWorkCount, 0, "the timer is cancelled")
    }

    func testASourceErrorIsPassedOnAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(205, 1), .error(210, TestError.boom)])

        let res = scheduler.start { xs.skip(.seconds(50), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.error(210, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
    }

    func testASilentSourceStaysSilent() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>]())

        let res = scheduler.start { xs.skip(.seconds(50), scheduler: scheduler) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
    }

    func testAnElementAtTheInstantTheDurationEndsIsStillDropped() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .next(216, 3), .completed(230)])

        let res = scheduler.start { xs.skip(.seconds(15), scheduler: scheduler) }

        // The source's event at 215 was scheduled before the timer, so it runs first, as in RxSwift.
        XCTAssertEqual(res.events, [.next(216, 3), .completed(230)])
    }

    func testMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a-^b-c-d-e-|")

        // Three and a half frames: each frame is 10 ticks.
        let res = scheduler.start { xs.skip(.seconds(35), scheduler: scheduler) }

        assertMarbles(res, "-----d-e-|")
        assertSubscriptions(xs, "^--------!")
    }

    func testDisposingBeforeTheDurationPassesCancelsTheTimer() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .completed(300)])

        let res = scheduler.start(disposed: 220) { xs.skip(.seconds(50), scheduler: scheduler) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(scheduler.pendingWorkCount, 0)
    }

    func testDisposingMidStreamStopsTheElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(250, 3), .completed(300)])

        let res = scheduler.start(disposed: 240) { xs.skip(.seconds(20), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(230, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
    }

    func testDisposalLeavesNothingQueuedOnTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = PublishSubject<Int>()
        let subscription = subject.skip(.seconds(20), scheduler: scheduler).subscribe()

        XCTAssertEqual(scheduler.pendingWorkCount, 1, "the timer")
        subscription.dispose()

        XCTAssertEqual(scheduler.pendingWorkCount, 0)
    }

    func testAZeroDurationPassesEverythingFromTheNextTick() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])

        let res = scheduler.start { xs.skip(.seconds(0), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(230)])
    }

    func testAZeroDurationDropsElementsSentWhileSubscribing() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.of(1, 2, 3).skip(.seconds(0), scheduler: scheduler) }

        // The timer runs a tick after the subscription, when the source has already finished.
        XCTAssertEqual(res.events, [.completed(200)])
    }

    func testANegativeDurationActsAsZero() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(230)])

        let res = scheduler.start { xs.skip(.seconds(-5), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(230)])

        let other = TestScheduler(initialClock: 0)
        let immediate = other.start { Observable.of(1, 2, 3).skip(.seconds(-5), scheduler: other) }
        XCTAssertEqual(immediate.events, [.completed(200)])
    }

    func testANeverDurationDropsEveryElementAndPassesTerminalEvents() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(400)])

        let res = scheduler.start { xs.skip(.never, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.completed(400)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
    }

    func testADurationPastTheEndOfTheClockSaturates() {
        let scheduler = TestScheduler(initialClock: Int.max - 100)
        let subject = PublishSubject<Int>()
        let observer = scheduler.createObserver(Int.self)
        let subscription = subject.skip(.seconds(1_000), scheduler: scheduler).subscribe(observer)

        subject.onNext(1)
        scheduler.start()
        subject.onNext(2)

        XCTAssertEqual(observer.events, [.next(Int.max, 2)], "the timer fired at the end of the clock")
        subscription.dispose()
    }

    func testDroppedElementsAreNotKept() {
        let scheduler = TestScheduler(initialClock: 0)
        let live = Counter()
        let subject = PublishSubject<LiveElement>()
        let subscription = subject.skip(.seconds(10), scheduler: scheduler).subscribe()

        for value in 0..<1_000 { subject.onNext(LiveElement(value, live: live)) }

        XCTAssertEqual(live.value, 0)
        subscription.dispose()
    }

    func testNothingIsPassedOnOrScheduledAfterDisposalFromASourceThatIgnoresIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = DisposalIgnoringObservable<Int>()
        let observer = scheduler.createObserver(Int.self)
        let subscription = source.skip(.seconds(0), scheduler: scheduler).subscribe(observer)
        scheduler.start()

        source.observer?.onNext(1)
        subscription.dispose()
        for value in 2...1_000 {
            source.observer?.onNext(value)
        }
        source.observer?.onCompleted()

        XCTAssertEqual(observer.events, [.next(1, 1)])
        XCTAssertEqual(scheduler.pendingWorkCount, 0)
        source.forget()
    }

    func testOnADispatchSchedulerElementsPassOnceTheTimerHasRun() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "skip-test")
        let subject = PublishSubject<Int>()
        let received = Locked<[Int]>([])
        let done = expectation(description: "completed")
        let subscription = subject.skip(.milliseconds(20), scheduler: scheduler)
            .subscribe(onNext: { value in received.value.append(value) }, onCompleted: { done.fulfill() })

        subject.onNext(1)
        // Work scheduled on the same serial queue well after the skip's timer runs after it.
        let later = expectation(description: "the queue ran past the duration")
        _ = scheduler.scheduleRelative((), dueTime: .milliseconds(200)) { _ in
            later.fulfill()
            return Disposables.create()
        }
        wait(for: [later], timeout: 10)
        subject.onNext(2)
        subject.onCompleted()
        wait(for: [done], timeout: 10)

        // 1 is dropped unless this thread stalled for the whole duration before sending it.
        XCTAssertEqual(received.value.last, 2)
        XCTAssertTrue(received.value == [2] || received.value == [1, 2], "\(received.value)")
        subscription.dispose()
    }

    // MARK: A timer never waits for a delivery (issue 38)

    func testATimerFiringWhileAnErrorIsDeliveredNeverWaitsForIt() {
        // RxSwift's timer takes no lock at all: it only sets a flag.
        assertTimerDoesNotWaitForTheDelivery(
            of: "skip(for:)", { source, scheduler, dueTime in source.skip(dueTime, scheduler: scheduler) },
            during: { $0.onError(TestError.boom) })
    }
}

// MARK: - Under contention

/// `skip(_:scheduler:)` with the elements on the test's thread and the timer on a dispatch queue.
final class SkipForDurationUnderContentionTests: TimeContentionTestCase {
    func testTimeStressSkipForDurationWithElementsAndTheTimerOnDifferentThreads() {
        for round in 0..<rounds {
            let duration = RxTimeInterval.microseconds(Int.random(in: 0...3_000))
            let probe = runRound(round, count: count) { source, scheduler in
                source.skip(duration, scheduler: scheduler)
            }
            let elements = probe.elements
            let first = elements.first ?? count
            XCTAssertEqual(elements, Array(first..<count), "every element from the opening on, round \(round)")
        }
    }
}
