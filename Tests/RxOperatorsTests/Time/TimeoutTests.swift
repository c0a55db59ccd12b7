import Dispatch
import Foundation
import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

final class TimeoutTests: RxTestCase {
    // MARK: timeout(_:scheduler:)

    func testPassesEverythingOnWhileEachElementComesInTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 0), .next(220, 1), .next(250, 2), .next(289, 3), .completed(320),
        ])

        let res = scheduler.start { xs.timeout(.seconds(40), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(220, 1), .next(250, 2), .next(289, 3), .completed(320)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 320)])
        XCTAssertEqual(scheduler.pendingWorkCount, 0, "completion cancels the timer")
    }

    func testFailsWhenAnElementIsLateAndLetsTheSourceGo() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(275, 3), .completed(300)])

        let res = scheduler.start { xs.timeout(.seconds(40), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 2), .error(270, RxError.timeout)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 270)])
    }

    func testTheWaitStartsAtTheSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(250, 1)])

        let res = scheduler.start { xs.timeout(.seconds(30), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.error(230, RxError.timeout)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testTheFirstTimerIsStartedBeforeTheSourceIsSubscribedTo() {
        let scheduler = TestScheduler(initialClock: 0)
        // A cold source schedules its events as it is subscribed to, after the timer: at the
        // tick they share, the timer fires first, as in RxSwift.
        let xs = scheduler.createColdObservable([.next(30, 1), .completed(40)])

        let res = scheduler.start { xs.timeout(.seconds(30), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.error(230, RxError.timeout)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testAnElementScheduledBeforeTheRestartedTimerWinsTheirSharedTick() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(40, 2), .completed(50)])

        let res = scheduler.start { xs.timeout(.seconds(30), scheduler: scheduler) }

        // The timer restarted at 210 is due at 240, where the element queued at 200 comes first.
        XCTAssertEqual(res.events, [.next(210, 1), .next(240, 2), .completed(250)])
    }

    func testTheSourcesErrorIsPassedOn() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.boom)])

        let res = scheduler.start { xs.timeout(.seconds(40), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 1), .error(230, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(scheduler.pendingWorkCount, 0)
    }

    func testMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a-^-b-c-----d-|")

        // Three frames: each frame is 10 ticks.
        let res = scheduler.start { xs.timeout(.seconds(30), scheduler: scheduler) }

        assertMarbles(res, "--b-c--#", error: RxError.timeout)
        assertSubscriptions(xs, "^------!")
    }

    func testDisposingMidStreamCancelsTheTimer() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])

        let res = scheduler.start(disposed: 225) { xs.timeout(.seconds(40), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 225)])
        XCTAssertEqual(scheduler.pendingWorkCount, 0)
    }

    func testDisposalLeavesNothingQueuedOnTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = PublishSubject<Int>()
        let subscription = subject.timeout(.seconds(20), scheduler: scheduler).subscribe()

        XCTAssertEqual(scheduler.pendingWorkCount, 1, "the timer runs from the subscription on")
        subject.onNext(1)
        subject.onNext(2)
        XCTAssertEqual(scheduler.pendingWorkCount, 1, "each element replaced the timer")
        subscription.dispose()

        XCTAssertEqual(scheduler.pendingWorkCount, 0)
    }

    func testAZeroDueTimeTimesOutAtTheNextTick() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1)])

        let res = scheduler.start { xs.timeout(.seconds(0), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.error(201, RxError.timeout)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 201)])
    }

    func testANegativeDueTimeActsAsZeroAndAnElementRestartsIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(201, 1), .next(202, 2), .next(210, 3)])

        let res = scheduler.start { xs.timeout(.seconds(-5), scheduler: scheduler) }

        // Each element, due before the timer at the same tick, restarts it for the tick after.
        XCTAssertEqual(res.events, [.next(201, 1), .next(202, 2), .error(203, RxError.timeout)])
    }

    func testANeverDueTimeNeverTimesOut() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(900, 2), .completed(950)])

        let res = scheduler.start { xs.timeout(.never, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(900, 2), .completed(950)])
    }

    func testADueTimePastTheEndOfTheClockSaturates() {
        let scheduler = TestScheduler(initialClock: Int.max - 100)
        let subject = PublishSubject<Int>()
        let observer = scheduler.createObserver(Int.self)
        let subscription = subject.timeout(.seconds(1_000), scheduler: scheduler).subscribe(observer)

        subject.onNext(1)
        scheduler.start()

        XCTAssertEqual(observer.events, [.next(Int.max - 100, 1), .error(Int.max, RxError.timeout)])
        subscription.dispose()
    }

    func testNothingIsPassedOnOrScheduledAfterDisposalFromASourceThatIgnoresIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = DisposalIgnoringObservable<Int>()
        var received: [Int] = []
        let subscription = source.timeout(.seconds(10), scheduler: scheduler)
            .subscribe(onNext: { received.append($0) })

        subscription.dispose()
        for value in 0..<1_000 {
            source.observer?.onNext(value)
        }

        XCTAssertEqual(received, [])
        XCTAssertEqual(scheduler.pendingWorkCount, 0)
        source.forget()
    }

    func testOnADispatchSchedulerASilentSourceTimesOut() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "timeout-test")
        let subject = PublishSubject<Int>()
        let failure = Locked<(any Error)?>(nil)
        let failed = expectation(description: "failed")
        let subscription = subject.timeout(.milliseconds(20), scheduler: scheduler)
            .subscribe(onError: { error in
                failure.value = error
                failed.fulfill()
            })

        subject.onNext(1)
        wait(for: [failed], timeout: 10)

        subscription.dispose()
        guard case .timeout? = failure.value as? RxError else {
            return XCTFail("expected RxError.timeout, got \(String(describing: failure.value))")
        }
    }

    // MARK: timeout(_:other:scheduler:)

    func testSwitchesToTheOtherSequenceWhenAnElementIsLate() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(230, 2), .next(280, 3), .completed(300),
        ])
        let ys = scheduler.createColdObservable([.next(15, -1), .next(40, -2), .completed(60)])

        let res = scheduler.start { xs.timeout(.seconds(40), other: ys, scheduler: scheduler) }

        // The timer restarted at 230 fires at 270; the source's 3 comes after the switch.
        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 2), .next(285, -1), .next(310, -2), .completed(330)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 270)])
        XCTAssertEqual(ys.subscriptions, [Subscription(270, 330)])
    }

    func testTheOtherSequenceIsLeftAloneWhenTheSourceEndsInTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(240, TestError.boom)])
        let ys = scheduler.createColdObservable([.next(10, -1)])

        let res = scheduler.start { xs.timeout(.seconds(40), other: ys, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 1), .error(240, TestError.boom)])
        XCTAssertEqual(ys.subscriptions, [])
    }

    func testTheOtherSequencesErrorIsPassedOn() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(300, 1)])
        let ys = scheduler.createColdObservable([.next(5, -1), .error(10, TestError.boom)])

        let res = scheduler.start { xs.timeout(.seconds(20), other: ys, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(225, -1), .error(230, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys.subscriptions, [Subscription(220, 230)])
    }

    func testTheOtherSequenceIsSubscribedToBeforeTheSourceIsLetGo() {
        let scheduler = TestScheduler(initialClock: 0)
        let log = Locked<[String]>([])
        let source = Observable<Int>.create { _ in
            Disposables.create { log.mutate { $0.append("source let go") } }
        }
        let other = Observable<Int>.create { observer in
            log.mutate { $0.append("other subscribed") }
            observer.onNext(-1)
            return Disposables.create()
        }
        let subscription = source.timeout(.seconds(10), other: other, scheduler: scheduler)
            .subscribe(onNext: { value in log.mutate { $0.append("received \(value)") } })

        scheduler.start()

        XCTAssertEqual(log.value, ["other subscribed", "received -1", "source let go"], "RxSwift's order")
        subscription.dispose()
    }

    func testDisposingAfterTheSwitchLetsTheOtherSequenceGo() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1)])
        let ys = scheduler.createColdObservable([.next(10, -1), .next(100, -2)])

        let res = scheduler.start(disposed: 300) { xs.timeout(.seconds(20), other: ys, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(240, -1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys.subscriptions, [Subscription(230, 300)])
        XCTAssertEqual(scheduler.pendingWorkCount, 0)
    }

    func testTheSourceSendingAfterTheSwitchIsNotPassedOn() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = DisposalIgnoringObservable<Int>()
        let other = PublishSubject<Int>()
        let observer = scheduler.createObserver(Int.self)
        let subscription = source.timeout(.seconds(10), other: other, scheduler: scheduler).subscribe(observer)

        source.observer?.onNext(1)
        scheduler.start()
        source.observer?.onNext(2)
        source.observer?.onCompleted()
        other.onNext(-1)

        XCTAssertEqual(observer.events, [.next(0, 1), .next(10, -1)])
        XCTAssertEqual(source.disposals.value, 1, "the source was let go at the switch")
        subscription.dispose()
        source.forget()
    }

    func testASourceElementSentFromTheOtherSequencesObserverIsNotPassedOn() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = PublishSubject<Int>()
        var received: [Int] = []
        let subscription = source.timeout(.seconds(10), other: Observable.of(-1, -2), scheduler: scheduler)
            .subscribe(onNext: { value in
                received.append(value)
                source.onNext(value * 10)
            })

        scheduler.start()

        XCTAssertEqual(received, [-1, -2])
        subscription.dispose()
    }

    func testAZeroDueTimeSwitchesAtTheNextTick() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1)])
        let ys = scheduler.createColdObservable([.next(5, -1)])

        let res = scheduler.start { xs.timeout(.seconds(0), other: ys, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(206, -1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 201)])
        XCTAssertEqual(ys.subscriptions, [Subscription(201, 1000)])
    }

    func testANeverDueTimeNeverSwitches() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(900, 1)])
        let ys = scheduler.createColdObservable([.next(5, -1)])

        let res = scheduler.start { xs.timeout(.never, other: ys, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(900, 1)])
        XCTAssertEqual(ys.subscriptions, [])
    }

    func testSwitchingAtTheEndOfTheClockSaturates() {
        let scheduler = TestScheduler(initialClock: Int.max - 100)
        let subject = PublishSubject<Int>()
        let observer = scheduler.createObserver(Int.self)
        let subscription = subject.timeout(.seconds(1_000), other: Observable.just(-1), scheduler: scheduler)
            .subscribe(observer)

        scheduler.start()

        XCTAssertEqual(observer.events, [.next(Int.max, -1), .completed(Int.max)])
        subscription.dispose()
    }

    func testOnADispatchSchedulerTheOtherSequenceIsSubscribedToOnTheSchedulersQueue() {
        let key = DispatchSpecificKey<Int>()
        let scheduler = SerialDispatchQueueScheduler(
            internalSerialQueueName: "timeout-other-test",
            serialQueueConfiguration: { $0.setSpecific(key: key, value: 1) })
        let subject = PublishSubject<Int>()
        let onQueue = Locked<Bool?>(nil)
        let other = Observable<Int>.create { observer in
            onQueue.value = DispatchQueue.getSpecific(key: key) == 1
            observer.onNext(-1)
            observer.onCompleted()
            return Disposables.create()
        }
        let received = Locked<[Int]>([])
        let done = expectation(description: "completed")
        let subscription = subject.timeout(.milliseconds(20), other: other, scheduler: scheduler)
            .subscribe(onNext: { value in received.mutate { $0.append(value) } }, onCompleted: { done.fulfill() })

        subject.onNext(1)
        wait(for: [done], timeout: 10)

        // The timer runs from the subscription: 1 is passed on unless this thread stalled for the
        // whole due time before sending it, and the other sequence's element comes last either way.
        XCTAssertTrue(received.value == [1, -1] || received.value == [-1], "\(received.value)")
        XCTAssertEqual(onQueue.value, true)
        subscription.dispose()
    }

    // MARK: A timer never waits for a delivery (issue 38)

    func testATimerFiringWhileAnElementIsDeliveredNeverWaitsForIt() {
        // The issue's repro: the timer fires on its serial queue while the source's thread is inside
        // the observer, which then waits for that queue. RxSwift's timer only compares generations
        // under a short lock; the element, counted first, wins.
        assertTimerDoesNotWaitForTheDelivery(
            of: "timeout", { source, scheduler, dueTime in source.timeout(dueTime, scheduler: scheduler) },
            during: { $0.onNext(1) })
    }

    func testAnElementBeingDeliveredWinsOverTheTimerFiringMeanwhile() {
        // The timer (due at 10) fires from inside the delivery of 1, which moves the clock to 15:
        // the element came first, so the firing is stale and the timer restarts from 15, as in
        // RxSwift, which counts its timer's generation on before forwarding. A firing that meets a
        // delivery is handled only once the element's handling, restart included, is over.
        let scheduler = TestScheduler(initialClock: 0)
        let source = PublishSubject<Int>()
        var events: [String] = []
        let subscription = source.timeout(.seconds(10), scheduler: scheduler).subscribe(
            onNext: { element in
                events.append("next(\(element)) at \(scheduler.clock)")
                if element == 1 {
                    scheduler.advanceTo(15)
                }
            }, onError: { _ in events.append("timeout at \(scheduler.clock)") })
        source.onNext(1)
        scheduler.advanceTo(30)
        subscription.dispose()

        XCTAssertEqual(events, ["next(1) at 0", "timeout at 25"])
    }
}

// MARK: - Under contention

/// `timeout` with the source racing the timer on different threads.
final class TimeoutUnderContentionTests: DelayTimeoutContentionTestCase {
    func testTimeoutStressASourceRacingTheTimerIsNeverPassedOnAfterTheSwitch() {
        let scheduler = makeScheduler()
        var switches = 0
        for round in 0..<rounds * 2 {
            let (source, kept) = capturedSource() as (Observable<Int>, Locked<AnyObserver<Int>?>)
            // Made before the baseline: an observable is counted as long as it lives.
            let other = Observable.of(-1, -2, -3)
            let probe = DeliveryProbe<Int>()
            let baseline = Resources.total
            let subscription = probe.subscribe(
                source.timeout(.microseconds(300), other: other, scheduler: scheduler))
            do {
                let handle = UncheckedSendable(kept.value!)
                kept.value = nil
                let total = count
                let sent = DispatchSemaphore(value: 0)
                DispatchQueue.global().async {
                    for value in 0..<total {
                        handle.value.onNext(value)
                        // Now and then a gap around the due time, for the timer to race.
                        if value % 50 == 49 { Self.pause(microseconds: Int.random(in: 200...400)) }
                    }
                    handle.value.onCompleted()
                    sent.signal()
                }
                XCTAssertEqual(sent.wait(timeout: .now() + 10), .success, "round \(round)")
            }
            Self.waitForTerminal(probe)
            subscription.dispose()
            // The queue's thread may send the completion (after the switch, always), and then runs
            // onDisposed after the probe saw it.
            probe.waitForOnDisposed()

            let elements = probe.elements
            let fromSource = Array(elements.prefix(while: { $0 >= 0 }))
            XCTAssertEqual(fromSource, Array(0..<fromSource.count), "the source's in order, round \(round)")
            if fromSource.count < elements.count {
                switches += 1
                XCTAssertEqual(
                    Array(elements[fromSource.count...]), [-1, -2, -3],
                    "after the switch only the other sequence's, round \(round)")
            } else {
                XCTAssertEqual(fromSource.count, count, "round \(round)")
            }
            XCTAssertEqual(probe.events.last?.isCompleted, true, "round \(round)")
            XCTAssertEqual(probe.terminalCount, 1, "round \(round)")
            XCTAssertEqual(probe.eventsAfterTerminal, 0, "round \(round)")
            XCTAssertEqual(probe.overlaps, 0, "round \(round)")
            XCTAssertEqual(probe.disposedCount, 1, "round \(round)")
            XCTAssertEqual(
                Resources.waitForTotal(toReturnTo: baseline, timeout: .seconds(5)), 0,
                "sinks still alive, round \(round)")
        }
        XCTAssertGreaterThan(switches, 0, "the timer won some races")
    }

    func testTimeoutStressATimeoutRacingTheSourcesCompletionEndsOnce() {
        let scheduler = makeScheduler()
        for round in 0..<rounds * 2 {
            let (source, kept) = capturedSource() as (Observable<Int>, Locked<AnyObserver<Int>?>)
            let probe = DeliveryProbe<Int>()
            let baseline = Resources.total
            let subscription = probe.subscribe(source.timeout(.microseconds(200), scheduler: scheduler))
            do {
                let handle = UncheckedSendable(kept.value!)
                kept.value = nil
                let sent = DispatchSemaphore(value: 0)
                DispatchQueue.global().async {
                    Self.pause(microseconds: Int.random(in: 100...300))
                    handle.value.onNext(1)
                    handle.value.onCompleted()
                    sent.signal()
                }
                XCTAssertEqual(sent.wait(timeout: .now() + 10), .success, "round \(round)")
            }
            Self.waitForTerminal(probe)
            subscription.dispose()

            let events = probe.events
            if events.last?.isCompleted == true {
                XCTAssertEqual(probe.elements, [1], "round \(round)")
            } else {
                XCTAssertTrue(events.last?.error is RxError, "a timeout, round \(round)")
                XCTAssertLessThanOrEqual(probe.elements.count, 1, "round \(round)")
            }
            XCTAssertEqual(probe.terminalCount, 1, "round \(round)")
            XCTAssertEqual(probe.eventsAfterTerminal, 0, "round \(round)")
            XCTAssertEqual(probe.overlaps, 0, "round \(round)")
            XCTAssertEqual(
                Resources.waitForTotal(toReturnTo: baseline, timeout: .seconds(5)), 0,
                "sinks still alive, round \(round)")
        }
    }
}
