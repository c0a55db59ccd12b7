import Dispatch
import Foundation
import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

final class TakeForDurationTests: RxTestCase {
    func testCompletesOnceTheDurationHasPassedSinceSubscribing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])

        let res = scheduler.start { xs.take(for: .seconds(25), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(225)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 225)])
        XCTAssertEqual(scheduler.pendingWorkCount, 0)
    }

    func testASourceThatCompletesFirstEndsTheResultAndCancelsTheTimer() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = PublishSubject<Int>()
        let observer = scheduler.createObserver(Int.self)
        let subscription = subject.take(for: .seconds(50), scheduler: scheduler).subscribe(observer)

        subject.onNext(1)
        XCTAssertEqual(scheduler.pendingWorkCount, 1, "the timer")
        subject.onCompleted()

        XCTAssertEqual(observer.events, [.next(0, 1), .completed(0)])
        XCTAssertEqual(scheduler.pendingWorkCount, 0, "the timer is cancelled")
        subscription.dispose()
    }

    func testASourceErrorIsPassedOnAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(0, 0), .error(210, TestError.boom)])

        let res = scheduler.start { xs.take(for: .seconds(50), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.error(210, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(scheduler.pendingWorkCount, 0)
    }

    func testASilentSourceIsCompletedByTheTimer() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(0, 0)])

        let res = scheduler.start { xs.take(for: .seconds(50), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testAnElementAtTheInstantTheDurationEndsIsStillPassedOn() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(225, 2), .next(230, 3)])

        let res = scheduler.start { xs.take(for: .seconds(25), scheduler: scheduler) }

        // The source's event at 225 was scheduled before the timer, so it runs first, as in RxSwift.
        XCTAssertEqual(res.events, [.next(210, 1), .next(225, 2), .completed(225)])
    }

    func testTwoInARowEndAtTheShorterDuration() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5), .completed(270),
        ])

        let res = scheduler.start {
            xs.take(for: .seconds(55), scheduler: scheduler).take(for: .seconds(35), scheduler: scheduler)
        }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .next(230, 3), .completed(235)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 235)])
    }

    func testElementsSentWhileSubscribingArePassedOn() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onNext(2)
            return Disposables.create()
        }

        let res = scheduler.start { source.take(for: .seconds(0), scheduler: scheduler) }

        // The timer was scheduled before the source was subscribed to, and runs a tick later.
        XCTAssertEqual(res.events, [.next(200, 1), .next(200, 2), .completed(201)])
    }

    func testMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a-^b-c-d-e-|")

        // Four frames: each frame is 10 ticks.
        let res = scheduler.start { xs.take(for: .seconds(40), scheduler: scheduler) }

        assertMarbles(res, "-b-c|")
        assertSubscriptions(xs, "^---!")
    }

    func testDisposingMidStreamCancelsTheTimer() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])

        let res = scheduler.start(disposed: 215) { xs.take(for: .seconds(50), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 215)])
        XCTAssertEqual(scheduler.pendingWorkCount, 0)
    }

    func testDisposalLeavesNothingQueuedOnTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = PublishSubject<Int>()
        let subscription = subject.take(for: .seconds(20), scheduler: scheduler).subscribe()

        XCTAssertEqual(scheduler.pendingWorkCount, 1, "the timer")
        subscription.dispose()

        XCTAssertEqual(scheduler.pendingWorkCount, 0)
    }

    func testAZeroDurationCompletesAtTheNextTick() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])

        let res = scheduler.start { xs.take(for: .seconds(0), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.completed(201)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 201)])
    }

    func testANegativeDurationActsAsZero() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(230)])

        let res = scheduler.start { xs.take(for: .seconds(-5), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.completed(201)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 201)])
    }

    func testANeverDurationMirrorsTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(400)])

        let res = scheduler.start { xs.take(for: .never, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(400)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
    }

    func testADurationPastTheEndOfTheClockSaturates() {
        let scheduler = TestScheduler(initialClock: Int.max - 100)
        let subject = PublishSubject<Int>()
        let observer = scheduler.createObserver(Int.self)
        let subscription = subject.take(for: .seconds(1_000), scheduler: scheduler).subscribe(observer)

        subject.onNext(1)
        scheduler.start()

        XCTAssertEqual(observer.events, [.next(Int.max - 100, 1), .completed(Int.max)])
        subscription.dispose()
    }

    func testElementsAreNotKept() {
        let scheduler = TestScheduler(initialClock: 0)
        let live = Counter()
        let subject = PublishSubject<LiveElement>()
        var received = 0
        let subscription = subject.take(for: .seconds(10), scheduler: scheduler)
            .subscribe(onNext: { _ in received += 1 })

        for value in 0..<100 { subject.onNext(LiveElement(value, live: live)) }

        XCTAssertEqual(received, 100)
        XCTAssertEqual(live.value, 0)
        subscription.dispose()
    }

    func testNothingIsPassedOnOrScheduledAfterDisposalFromASourceThatIgnoresIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let live = Counter()
        let source = DisposalIgnoringObservable<LiveElement>()
        var received = 0
        let subscription = source.take(for: .seconds(10), scheduler: scheduler)
            .subscribe(onNext: { _ in received += 1 })

        subscription.dispose()
        for value in 0..<1_000 {
            source.observer?.onNext(LiveElement(value, live: live))
        }
        source.observer?.onCompleted()

        XCTAssertEqual(received, 0)
        XCTAssertEqual(live.value, 0)
        XCTAssertEqual(scheduler.pendingWorkCount, 0)
        source.forget()
    }

    func testOnADispatchSchedulerTheTimerCompletesTheSequence() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "take-for-test")
        let unsubscribed = expectation(description: "the source's subscription ended")
        let source = Observable<Int>.create { observer in
            observer.onNext(1)
            return Disposables.create { unsubscribed.fulfill() }
        }
        let received = Locked<[Int]>([])
        let done = expectation(description: "completed")
        let subscription = source.take(for: .milliseconds(20), scheduler: scheduler)
            .subscribe(onNext: { value in received.value.append(value) }, onCompleted: { done.fulfill() })

        wait(for: [done, unsubscribed], timeout: 10)

        // 1 is sent while subscribing, so it is passed on unless the subscribing thread stalled
        // for the whole duration after the timer was scheduled.
        XCTAssertTrue(received.value == [1] || received.value.isEmpty, "\(received.value)")
        subscription.dispose()
    }

    // MARK: A timer never waits for a delivery (issue 38)

    func testATimerFiringWhileAnElementIsDeliveredNeverWaitsForIt() {
        // RxSwift's timer waits for its lock here, which the source holds across the delivery.
        assertTimerDoesNotWaitForTheDelivery(
            of: "take(for:)", { source, scheduler, dueTime in source.take(for: dueTime, scheduler: scheduler) },
            during: { $0.onNext(1) })
    }
}

// MARK: - Under contention

/// `take(for:)` with the elements on the test's thread and the timer on a dispatch queue.
final class TakeForDurationUnderContentionTests: TimeContentionTestCase {
    func testTimeStressTakeForDurationWithElementsAndTheTimerOnDifferentThreads() {
        for round in 0..<rounds {
            let duration = RxTimeInterval.microseconds(Int.random(in: 0...3_000))
            let probe = runRound(round, count: count) { source, scheduler in
                source.take(for: duration, scheduler: scheduler)
            }
            let elements = probe.elements
            XCTAssertEqual(elements, Array(0..<elements.count), "a prefix of the source, round \(round)")
        }
    }
}
