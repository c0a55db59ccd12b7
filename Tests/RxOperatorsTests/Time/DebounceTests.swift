import Dispatch
import Foundation
import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

final class DebounceTests: RxTestCase {
    func testSendsAnElementOnlyAfterAQuietSpanAndEachElementRestartsTheWait() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(240, 3), .next(250, 4), .next(290, 5), .next(300, 6),
            .completed(400),
        ])

        let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(230, 2), .next(270, 4), .next(320, 6), .completed(400)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
    }

    func testCompletionSendsTheWaitingElementAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .completed(220)])

        let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(220, 2), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(scheduler.pendingWorkCount, 0)
    }

    func testAnErrorIsPassedOnAtOnceAndTheWaitingElementIsDropped() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])

        let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a-^-b-c---d-e-f----|")

        // Two frames: each frame is 10 ticks.
        let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }

        assertMarbles(res, "------c-------f--|")
    }

    func testDisposingMidStreamCancelsTheTimer() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2)])

        let res = scheduler.start(disposed: 220) { xs.debounce(.seconds(20), scheduler: scheduler) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testDisposalLeavesNothingQueuedOnTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = PublishSubject<Int>()
        let subscription = subject.debounce(.seconds(20), scheduler: scheduler).subscribe()

        subject.onNext(1)
        XCTAssertEqual(scheduler.pendingWorkCount, 1, "the element's timer")
        subject.onNext(2)
        XCTAssertEqual(scheduler.pendingWorkCount, 1, "the second element replaced the first's timer")
        subscription.dispose()

        XCTAssertEqual(scheduler.pendingWorkCount, 0)
    }

    func testAZeroDueTimeSendsWhatIsLastAtTheSameInstant() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(210, 2), .next(220, 3), .completed(230)])

        let res = scheduler.start { xs.debounce(.seconds(0), scheduler: scheduler) }

        // The test scheduler runs work due now at the next tick, as RxTest's does.
        XCTAssertEqual(res.events, [.next(211, 2), .next(221, 3), .completed(230)])
    }

    func testANegativeDueTimeActsAsZero() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])

        let res = scheduler.start { xs.debounce(.seconds(-5), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(211, 1), .next(221, 2), .completed(230)])
    }

    func testANeverDueTimeSendsOnlyTheElementWaitingAtCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])

        let res = scheduler.start { xs.debounce(.never, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(300, 2), .completed(300)])
    }

    func testADueTimePastTheEndOfTheClockSaturates() {
        let scheduler = TestScheduler(initialClock: Int.max - 100)
        let subject = PublishSubject<Int>()
        let observer = scheduler.createObserver(Int.self)
        let subscription = subject.debounce(.seconds(1_000), scheduler: scheduler).subscribe(observer)

        subject.onNext(1)
        scheduler.start()

        XCTAssertEqual(observer.events, [.next(Int.max, 1)])
        subscription.dispose()
    }

    func testElementsAreReleasedOnceSentReplacedOrDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let live = Counter()
        let subject = PublishSubject<LiveElement>()
        var received: [Int] = []
        let subscription = subject.debounce(.seconds(10), scheduler: scheduler)
            .subscribe(onNext: { received.append($0.value) })

        subject.onNext(LiveElement(1, live: live))
        subject.onNext(LiveElement(2, live: live))
        XCTAssertEqual(live.value, 1, "the replaced element is released at once")
        scheduler.start()
        XCTAssertEqual(received, [2])
        XCTAssertEqual(live.value, 0, "the element sent is released")

        subject.onNext(LiveElement(3, live: live))
        XCTAssertEqual(live.value, 1)
        subscription.dispose()
        XCTAssertEqual(live.value, 0, "the waiting element is released on disposal")
    }

    func testAReplacedElementWhoseDeinitSendsIntoTheChainIsHandledAfterIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let live = Counter()
        let source = DisposalIgnoringObservable<LiveElement>()
        var received: [Int] = []
        let subscription = source.debounce(.seconds(10), scheduler: scheduler)
            .subscribe(onNext: { received.append($0.value) })
        let reentrant = UncheckedSendable(source.observer!)

        source.observer?.onNext(
            LiveElement(1, live: live, onRelease: { reentrant.value.onNext(LiveElement(9, live: live)) }))
        source.observer?.onNext(LiveElement(2, live: live))
        scheduler.start()

        XCTAssertEqual(received, [9], "the element sent from the deinit came last and was the one kept")
        subscription.dispose()
        source.forget()
        XCTAssertEqual(live.value, 0)
    }

    func testNothingIsKeptOrScheduledAfterDisposalFromASourceThatIgnoresIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let live = Counter()
        let source = DisposalIgnoringObservable<LiveElement>()
        let subscription = source.debounce(.seconds(10), scheduler: scheduler).subscribe()

        subscription.dispose()
        for value in 0..<1_000 {
            source.observer?.onNext(LiveElement(value, live: live))
        }

        XCTAssertEqual(live.value, 0)
        XCTAssertEqual(scheduler.pendingWorkCount, 0)
        source.forget()
    }

    func testOnADispatchSchedulerTheLastOfABurstArrives() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "debounce-test")
        let subject = PublishSubject<Int>()
        let received = Locked<[Int]>([])
        let done = expectation(description: "completed")
        let subscription = subject.debounce(.milliseconds(50), scheduler: scheduler)
            .subscribe(onNext: { value in received.value.append(value) }, onCompleted: { done.fulfill() })

        let burstStart = DispatchTime.now()
        for value in 1...5 { subject.onNext(value) }
        let burst = DispatchTime.now().uptimeNanoseconds - burstStart.uptimeNanoseconds
        let quiet = expectation(description: "the burst's element arrived")
        DispatchQueue.global().async {
            while received.value.isEmpty {}
            quiet.fulfill()
        }
        wait(for: [quiet], timeout: 10)
        subject.onCompleted()
        wait(for: [done], timeout: 10)

        if burst < 50_000_000 {
            XCTAssertEqual(received.value, [5])
        } else {
            // This thread stalled for a whole quiet span mid-burst (a busy machine), so an earlier
            // element may have been sent too; 5, the last, still comes last.
            XCTAssertEqual(received.value.last, 5)
            XCTAssertEqual(received.value, received.value.sorted())
        }
        subscription.dispose()
    }

    // MARK: A timer never waits for a delivery (issue 38)

    func testATimerFiringWhileTheLastElementIsDeliveredAtCompletionNeverWaitsForIt() {
        // RxSwift's timer waits for its lock here, which the completion holds across the delivery.
        assertTimerDoesNotWaitForTheDelivery(
            of: "debounce", { source, scheduler, dueTime in source.debounce(dueTime, scheduler: scheduler) },
            before: { $0.onNext(1) }, during: { $0.onCompleted() })
    }
}

// MARK: - Under contention

/// `debounce` with the elements on the test's thread and the timers on a dispatch queue.
final class DebounceUnderContentionTests: TimeContentionTestCase {
    func testTimeStressDebounceWithElementsAndTimersOnDifferentThreads() {
        // Fewer elements: each one replaces a dispatch timer, slow under ThreadSanitizer.
        let count = 400
        for round in 0..<rounds {
            let disposeMidway = round.isMultiple(of: 3)
            let probe = runRound(
                round, count: count, disposeMidway: disposeMidway,
                pause: { sent, probe in
                    // Every so often, lets the timer fire while elements keep coming.
                    guard sent % 50 == 49 else { return }
                    let delivered = probe.deliveredCount
                    Self.waitUntil(timeout: 1) { probe.deliveredCount > delivered }
                },
                { source, scheduler in source.debounce(.microseconds(200), scheduler: scheduler) })
            if !disposeMidway {
                XCTAssertEqual(probe.elements.last, count - 1, "the last element is never lost, round \(round)")
            }
        }
    }
}
