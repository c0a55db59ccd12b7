import Dispatch
import Foundation
import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

@testable import RxOperators

final class DelayTests: RxTestCase {
    func testShiftsEachElementAndCompletionByTheDueTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 0), .next(210, 1), .next(240, 2), .next(300, 3), .completed(320),
        ])

        let res = scheduler.start { xs.delay(.seconds(30), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(240, 1), .next(270, 2), .next(330, 3), .completed(350)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 320)], "the source is let go when it completes")
    }

    func testElementsThatFallDueAtOneTickComeOutOneTickApart() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(210, 2), .next(210, 3), .completed(210),
        ])

        let res = scheduler.start { xs.delay(.seconds(20), scheduler: scheduler) }

        // As RxSwift: after sending one event the timer waits for the scheduler's next turn, even
        // for an event already due, and a test scheduler's next turn is the next tick.
        XCTAssertEqual(res.events, [.next(230, 1), .next(231, 2), .next(232, 3), .completed(233)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
    }

    func testASequenceThatCompletesWhileBeingSubscribedEndsOneTickAfterItsLastElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let other = TestScheduler(initialClock: 0)

        let just = scheduler.start { Observable.just(7).delay(.seconds(50), scheduler: scheduler) }
        let of = other.start { Observable.of(1, 2).delay(.seconds(50), scheduler: other) }

        XCTAssertEqual(just.events, [.next(250, 7), .completed(251)])
        XCTAssertEqual(of.events, [.next(250, 1), .next(251, 2), .completed(252)])
    }

    func testAnEventDueLaterThanTheNextTurnKeepsItsOwnDueTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(210, 2), .next(215, 3), .completed(290)])

        let res = scheduler.start { xs.delay(.seconds(20), scheduler: scheduler) }

        // 2 is due with 1 and waits for the next tick; 3 is due at 235, later than that tick.
        XCTAssertEqual(res.events, [.next(230, 1), .next(231, 2), .next(235, 3), .completed(310)])
    }

    func testAnErrorIsPassedOnAtOnceAndTheWaitingElementsAreDropped() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(240, 2), .next(242, 3), .error(245, TestError.boom),
        ])

        let res = scheduler.start { xs.delay(.seconds(20), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(230, 1), .error(245, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 245)])
        XCTAssertEqual(scheduler.pendingWorkCount, 0, "the timer of the dropped elements is cancelled")
    }

    func testAnErrorAfterCompletionIsNotTheSourcesEvent() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = DisposalIgnoringObservable<Int>()
        let observer = scheduler.createObserver(Int.self)
        let subscription = source.delay(.seconds(10), scheduler: scheduler).subscribe(observer)

        source.observer?.onNext(1)
        source.observer?.onCompleted()
        source.observer?.onNext(2)
        source.observer?.onError(TestError.boom)
        scheduler.start()

        XCTAssertEqual(observer.events, [.next(10, 1), .completed(11)])
        XCTAssertEqual(source.disposals.value, 1, "the source is let go at its completion")
        subscription.dispose()
        source.forget()
    }

    func testMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a-^-b-c---d-|")

        // Two frames: each frame is 10 ticks.
        let res = scheduler.start { xs.delay(.seconds(20), scheduler: scheduler) }

        assertMarbles(res, "----b-c---d-|")
        assertSubscriptions(xs, "^---------!")
    }

    func testDisposingMidStreamDropsTheWaitingElementsAndCancelsTheTimer() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])

        let res = scheduler.start(disposed: 235) { xs.delay(.seconds(20), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(230, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(scheduler.pendingWorkCount, 0)
    }

    func testDisposalLeavesNothingQueuedOnTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = PublishSubject<Int>()
        let subscription = subject.delay(.seconds(20), scheduler: scheduler).subscribe()

        subject.onNext(1)
        subject.onNext(2)
        subject.onCompleted()
        XCTAssertEqual(scheduler.pendingWorkCount, 1, "one timer for all the waiting events")
        subscription.dispose()

        XCTAssertEqual(scheduler.pendingWorkCount, 0)
    }

    func testAZeroDueTimeSendsEachEventAtTheNextTick() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])

        let res = scheduler.start { xs.delay(.seconds(0), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(211, 1), .next(221, 2), .completed(231)])
    }

    func testANegativeDueTimeActsAsZero() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(210, 2), .completed(230)])

        let res = scheduler.start { xs.delay(.seconds(-5), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(211, 1), .next(212, 2), .completed(231)])
    }

    func testANeverDueTimeSendsNothingButAnErrorAndKeepsNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        let live = Counter()
        let subject = PublishSubject<LiveElement>()
        let observer = scheduler.createObserver(Int.self)
        let subscription = subject.delay(.never, scheduler: scheduler).map(\.value).subscribe(observer)

        subject.onNext(LiveElement(1, live: live))
        subject.onNext(LiveElement(2, live: live))
        XCTAssertEqual(live.value, 0, "an element that would never be sent is not kept")
        XCTAssertEqual(scheduler.pendingWorkCount, 0)
        subject.onError(TestError.boom)
        scheduler.start()

        XCTAssertEqual(observer.events, [.error(0, TestError.boom)])
        subscription.dispose()
    }

    func testANeverDueTimeNeverCompletesButLetsTheSourceGo() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])

        let res = scheduler.start { xs.delay(.never, scheduler: scheduler) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testADueTimePastTheEndOfTheClockSaturates() {
        let scheduler = TestScheduler(initialClock: Int.max - 100)
        let subject = PublishSubject<Int>()
        let observer = scheduler.createObserver(Int.self)
        let subscription = subject.delay(.seconds(1_000), scheduler: scheduler).subscribe(observer)

        subject.onNext(1)
        subject.onNext(2)
        subject.onCompleted()
        scheduler.start()

        XCTAssertEqual(observer.events, [.next(Int.max, 1), .next(Int.max, 2), .completed(Int.max)])
        subscription.dispose()
    }

    func testWhatIsLeftOfADelayIsRoundedToTheDueTimesUnitAsRxSwift() {
        // One tick is a millisecond; the delay is given in seconds.
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(510, 2), .next(2_000, 3), .next(2_600, 4), .completed(5_000),
        ])

        let res = scheduler.start(disposed: 10_000) { xs.delay(.seconds(1), scheduler: scheduler) }

        // 2 has 0.3 s left when 1 is sent at 1210: rounded to none, it waits for the next tick.
        // 4 has 0.6 s left when 3 is sent at 3000: rounded to a whole second.
        XCTAssertEqual(
            res.events, [.next(1_210, 1), .next(1_211, 2), .next(3_000, 3), .next(4_000, 4), .completed(6_000)])
    }

    func testWhatIsLeftOfADelaySaturatesInsteadOfTrapping() {
        let start = Date(timeIntervalSince1970: 0)

        XCTAssertEqual(
            RxTimeInterval.seconds(Int.max).remaining(after: start, until: Date(timeIntervalSince1970: -1e300)),
            .seconds(Int.max), "a clock that went back leaves more than the whole delay, up to the largest")
        XCTAssertEqual(
            RxTimeInterval.nanoseconds(Int.max).remaining(after: start, until: start), .nanoseconds(Int.max))
        XCTAssertEqual(
            RxTimeInterval.milliseconds(10).remaining(after: start, until: Date(timeIntervalSince1970: 1e300)),
            .milliseconds(0))
        XCTAssertEqual(
            RxTimeInterval.milliseconds(10).remaining(after: start, until: Date(timeIntervalSince1970: 0.0096)),
            .milliseconds(0), "less than half a unit left rounds to nothing, as RxSwift")
        XCTAssertEqual(
            RxTimeInterval.milliseconds(10).remaining(after: start, until: Date(timeIntervalSince1970: 0.0094)),
            .milliseconds(1), "half a unit or more rounds up, as RxSwift")
        XCTAssertEqual(RxTimeInterval.never.remaining(after: start, until: start), .never)
    }

    func testElementsAreReleasedOnceSentOrDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let live = Counter()
        let subject = PublishSubject<LiveElement>()
        var received: [Int] = []
        let subscription = subject.delay(.seconds(10), scheduler: scheduler)
            .subscribe(onNext: { received.append($0.value) })

        for value in 1...1_000 {
            subject.onNext(LiveElement(value, live: live))
        }
        XCTAssertEqual(live.value, 1_000, "every element waits for its due time")
        scheduler.advanceTo(10)
        XCTAssertEqual(received, [1])
        XCTAssertEqual(live.value, 999, "the element sent is let go")
        scheduler.advanceTo(500)
        XCTAssertEqual(received.count, 491)
        XCTAssertEqual(live.value, 509, "the queue keeps only the elements still waiting")
        subscription.dispose()
        XCTAssertEqual(live.value, 0, "the waiting elements are released on disposal")
    }

    func testASentElementWhoseDeinitSendsIntoTheChainIsQueuedBehindTheOthers() {
        let scheduler = TestScheduler(initialClock: 0)
        let live = Counter()
        let source = DisposalIgnoringObservable<LiveElement>()
        let observer = scheduler.createObserver(Int.self)
        let subscription = source.delay(.seconds(10), scheduler: scheduler).map(\.value).subscribe(observer)
        let reentrant = UncheckedSendable(source.observer!)

        source.observer?.onNext(
            LiveElement(1, live: live, onRelease: { reentrant.value.onNext(LiveElement(9, live: live)) }))
        source.observer?.onNext(LiveElement(2, live: live))
        scheduler.start()

        // 9 arrives at 10, when 1 is sent and let go, behind 2, which waits for the next tick.
        XCTAssertEqual(observer.events, [.next(10, 1), .next(11, 2), .next(20, 9)])
        subscription.dispose()
        source.forget()
        XCTAssertEqual(live.value, 0)
    }

    func testWaitingElementsWhoseDeinitSendsIntoTheChainAreReleasedOnDisposalWithoutDeadlock() {
        let scheduler = TestScheduler(initialClock: 0)
        let live = Counter()
        let source = DisposalIgnoringObservable<LiveElement>()
        var received: [Int] = []
        let subscription = source.delay(.seconds(10), scheduler: scheduler)
            .subscribe(onNext: { received.append($0.value) })
        let reentrant = UncheckedSendable(source.observer!)

        for value in 1...3 {
            source.observer?.onNext(
                LiveElement(value, live: live, onRelease: { reentrant.value.onNext(LiveElement(-value, live: live)) }))
        }
        subscription.dispose()
        scheduler.start()

        XCTAssertEqual(received, [])
        XCTAssertEqual(live.value, 0, "the waiting elements and those their deinits sent are all let go")
        XCTAssertEqual(scheduler.pendingWorkCount, 0)
        source.forget()
    }

    func testAnErrorReleasesTheWaitingElementsBeforeItIsPassedOn() {
        let scheduler = TestScheduler(initialClock: 0)
        let live = Counter()
        let subject = PublishSubject<LiveElement>()
        let liveWhenFailed = Locked<Int?>(nil)
        let subscription = subject.delay(.seconds(10), scheduler: scheduler)
            .subscribe(onError: { _ in liveWhenFailed.value = live.value })

        subject.onNext(LiveElement(1, live: live))
        subject.onNext(LiveElement(2, live: live))
        subject.onError(TestError.boom)

        XCTAssertEqual(liveWhenFailed.value, 0)
        subscription.dispose()
    }

    func testNothingIsKeptOrScheduledAfterDisposalFromASourceThatIgnoresIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let live = Counter()
        let source = DisposalIgnoringObservable<LiveElement>()
        let subscription = source.delay(.seconds(10), scheduler: scheduler).subscribe()

        subscription.dispose()
        for value in 0..<1_000 {
            source.observer?.onNext(LiveElement(value, live: live))
        }
        source.observer?.onCompleted()

        XCTAssertEqual(live.value, 0)
        XCTAssertEqual(scheduler.pendingWorkCount, 0)
        source.forget()
    }

    func testOnADispatchSchedulerEventsAreSentInOrderOnTheSchedulersQueue() {
        let key = DispatchSpecificKey<Int>()
        let scheduler = SerialDispatchQueueScheduler(
            internalSerialQueueName: "delay-test", serialQueueConfiguration: { $0.setSpecific(key: key, value: 1) })
        let subject = PublishSubject<Int>()
        let received = Locked<[Int]>([])
        let offQueue = Locked(0)
        let done = expectation(description: "completed")
        let subscription = subject.delay(.microseconds(100), scheduler: scheduler)
            .subscribe(
                onNext: { value in
                    if DispatchQueue.getSpecific(key: key) != 1 { offQueue.mutate { $0 += 1 } }
                    received.mutate { $0.append(value) }
                },
                onCompleted: {
                    if DispatchQueue.getSpecific(key: key) != 1 { offQueue.mutate { $0 += 1 } }
                    done.fulfill()
                })

        // The source keeps sending while the timer fires on the queue, until a few thousand
        // elements have come out: a firing that finds the source's thread in the sink still sends
        // on the scheduler's queue.
        var sent = 0
        let deadline = Date().addingTimeInterval(10)
        while received.value.count < 5_000, Date() < deadline {
            subject.onNext(sent)
            sent += 1
        }
        subject.onCompleted()
        wait(for: [done], timeout: 20)

        XCTAssertGreaterThanOrEqual(received.value.count, 5_000)
        XCTAssertEqual(received.value, Array(0..<sent))
        XCTAssertEqual(offQueue.value, 0, "every event is sent on the scheduler's queue")
        subscription.dispose()
    }

    func testTheSourceNeverWaitsForADelayedElementItsObserverIsStillHandling() {
        // The observer of a delayed element holds the scheduler's thread until the source has
        // sent its error from another thread. The source must not wait for that delivery to
        // finish (it would wait forever): its error is handed to the delivering thread, which
        // passes it on once the element's handling returns, as RxSwift's delay does.
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
        let source = PublishSubject<Int>()
        let elementArrived = DispatchSemaphore(value: 0)
        let errorSent = DispatchSemaphore(value: 0)
        let errorArrived = expectation(description: "error arrived")
        let received = Locked<[Int]>([])
        let waitedTooLong = Locked(false)

        let subscription = source.delay(.milliseconds(5), scheduler: scheduler)
            .subscribe(
                onNext: { value in
                    received.mutate { $0.append(value) }
                    elementArrived.signal()
                    if errorSent.wait(timeout: .now() + 5) == .timedOut { waitedTooLong.mutate { $0 = true } }
                },
                onError: { _ in errorArrived.fulfill() })

        DispatchQueue.global().async {
            source.onNext(1)
            guard elementArrived.wait(timeout: .now() + 5) == .success else { return }
            source.onError(TestError.boom)
            errorSent.signal()
        }

        wait(for: [errorArrived], timeout: 10)
        XCTAssertEqual(received.value, [1])
        XCTAssertFalse(waitedTooLong.value, "the source's onError waited for the delivery it was holding up")
        subscription.dispose()
    }

    // MARK: A timer never waits for a delivery (issue 38)

    func testATimerFiringWhileAnErrorIsDeliveredNeverWaitsForIt() {
        // The error goes out at once on the source's thread while the element waits for the timer.
        // RxSwift's timer never waits for it: its lock guards only the queue.
        assertTimerDoesNotWaitForTheDelivery(
            of: "delay", { source, scheduler, dueTime in source.delay(dueTime, scheduler: scheduler) },
            before: { $0.onNext(1) }, during: { $0.onError(TestError.boom) })
    }
}

// MARK: - Under contention

/// `delay` with the source on one thread and the timers on a dispatch queue.
final class DelayUnderContentionTests: DelayTimeoutContentionTestCase {
    func testDelayStressSendsEverythingInOrderOnTheSchedulerWhileTheSourceSendsOnAnotherThread() {
        let scheduler = makeScheduler()
        for round in 0..<rounds {
            let (source, kept) = capturedSource() as (Observable<Int>, Locked<AnyObserver<Int>?>)
            let probe = DeliveryProbe<Int>()
            let offQueue = Locked(0)
            let baseline = Resources.total
            let fails = round % 3 == 2
            let subscription = probe.subscribe(
                source.delay(.microseconds(Int.random(in: 0...200)), scheduler: scheduler)
                    .do(onNext: { [key] _ in
                        if DispatchQueue.getSpecific(key: key) != 1 { offQueue.mutate { $0 += 1 } }
                    }))
            do {
                let handle = UncheckedSendable(kept.value!)
                kept.value = nil
                let total = count
                let sent = DispatchSemaphore(value: 0)
                DispatchQueue.global().async {
                    for value in 0..<total {
                        handle.value.onNext(value)
                        if value % 100 == 0 { Self.pause(microseconds: Int.random(in: 0...300)) }
                    }
                    if fails {
                        handle.value.onError(TestError.boom)
                    } else {
                        handle.value.onCompleted()
                    }
                    sent.signal()
                }
                XCTAssertEqual(sent.wait(timeout: .now() + 10), .success, "round \(round)")
            }
            Self.waitForTerminal(probe)
            subscription.dispose()
            // The queue's thread may send the terminal event, and then runs onDisposed after the probe saw it.
            probe.waitForOnDisposed()

            let elements = probe.elements
            if fails {
                // The error passes at once: the elements still waiting are dropped.
                XCTAssertEqual(elements, Array(0..<elements.count), "an ordered prefix, round \(round)")
                XCTAssertEqual(probe.events.last?.error as? TestError, .boom, "round \(round)")
            } else {
                XCTAssertEqual(elements, Array(0..<count), "every element in order, round \(round)")
                XCTAssertEqual(probe.events.last?.isCompleted, true, "round \(round)")
            }
            XCTAssertEqual(offQueue.value, 0, "every element sent on the scheduler's queue, round \(round)")
            XCTAssertEqual(probe.terminalCount, 1, "round \(round)")
            XCTAssertEqual(probe.eventsAfterTerminal, 0, "round \(round)")
            XCTAssertEqual(probe.overlaps, 0, "round \(round)")
            XCTAssertEqual(probe.disposedCount, 1, "round \(round)")
            XCTAssertEqual(
                Resources.waitForTotal(toReturnTo: baseline, timeout: .seconds(5)), 0,
                "sinks still alive, round \(round)")
        }
    }

    func testDelayStressDisposedWhileTheSourceSendsAndTheTimerFiresSendsAnOrderedPrefix() {
        let scheduler = makeScheduler()
        for round in 0..<rounds {
            let (source, kept) = capturedSource() as (Observable<Int>, Locked<AnyObserver<Int>?>)
            let probe = DeliveryProbe<Int>()
            let baseline = Resources.total
            let subscription = probe.subscribe(source.delay(.microseconds(50), scheduler: scheduler))
            do {
                let handle = UncheckedSendable(kept.value!)
                kept.value = nil
                let total = count
                let started = DispatchSemaphore(value: 0)
                let sent = DispatchSemaphore(value: 0)
                DispatchQueue.global().async {
                    for value in 0..<total {
                        handle.value.onNext(value)
                        if value == 10 { started.signal() }
                    }
                    sent.signal()
                }
                XCTAssertEqual(started.wait(timeout: .now() + 10), .success, "round \(round)")
                Self.pause(microseconds: Int.random(in: 0...500))
                subscription.dispose()
                probe.markDisposeReturned()
                XCTAssertEqual(sent.wait(timeout: .now() + 10), .success, "round \(round)")
            }

            let elements = probe.elements
            XCTAssertEqual(elements, Array(0..<elements.count), "an ordered prefix, round \(round)")
            XCTAssertEqual(probe.terminalCount, 0, "round \(round)")
            XCTAssertLessThanOrEqual(probe.deliveriesAfterDispose, 1, "only one in flight, round \(round)")
            XCTAssertEqual(probe.overlaps, 0, "round \(round)")
            XCTAssertEqual(probe.disposedCount, 1, "round \(round)")
            XCTAssertEqual(
                Resources.waitForTotal(toReturnTo: baseline, timeout: .seconds(5)), 0,
                "sinks still alive, round \(round)")
        }
    }
}
