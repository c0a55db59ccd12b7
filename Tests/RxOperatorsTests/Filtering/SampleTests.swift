import Dispatch
import Foundation
import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

final class SampleTests: RxTestCase {
    private func source(_ scheduler: TestScheduler) -> TestableObservable<Int> {
        scheduler.createHotObservable([
            .next(150, 1), .next(220, 2), .next(240, 3), .next(290, 4), .next(300, 5), .next(310, 6),
            .completed(390),
        ])
    }

    private func sampler(_ scheduler: TestScheduler) -> TestableObservable<String> {
        scheduler.createHotObservable([
            .next(150, ""), .next(210, "bar"), .next(250, "foo"), .next(260, "qux"), .next(320, "baz"),
            .completed(500),
        ])
    }

    func testSendsTheLatestElementOnlyWhenANewOneArrivedAndCompletesAtTheNextSampleAfterTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let ys = sampler(scheduler)

        let res = scheduler.start { xs.sample(ys) }

        XCTAssertEqual(res.events, [.next(250, 3), .next(320, 6), .completed(500)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 390)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 500)])
    }

    func testADefaultValueIsSentAtEverySampleWithNothingNew() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let ys = sampler(scheduler)

        let res = scheduler.start { xs.sample(ys, defaultValue: 0) }

        XCTAssertEqual(
            res.events,
            [.next(210, 0), .next(250, 3), .next(260, 0), .next(320, 6), .next(500, 0), .completed(500)])
    }

    func testTheSourcesCompletionWaitsForTheNextSampleWhichSendsWhatIsPending() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(220, 2), .next(290, 4), .completed(300)])
        let ys = scheduler.createHotObservable([.next(230, "a"), .next(320, "b"), .next(330, "c")])

        let res = scheduler.start { xs.sample(ys) }

        XCTAssertEqual(res.events, [.next(230, 2), .next(320, 4), .completed(320)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 320)])
    }

    func testTheSamplersCompletionTakesALastSampleAndLeavesTheSequenceOpen() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(220, 2), .next(240, 3), .completed(300)])
        let ys = scheduler.createHotObservable([Recorded<Event<String>>.completed(230)])

        let res = scheduler.start { xs.sample(ys) }

        XCTAssertEqual(res.events, [.next(230, 2)], "as in RxSwift, no sample is left to pass completion on")
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 230)])
    }

    func testTheSourcesErrorIsPassedOn() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(220, 2), .error(240, TestError.boom)])
        let ys = sampler(scheduler)

        let res = scheduler.start { xs.sample(ys) }

        XCTAssertEqual(res.events, [.error(240, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 240)])
    }

    func testTheSamplersErrorIsPassedOn() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let ys = scheduler.createHotObservable([.next(250, "a"), .error(260, TestError.boom)])

        let res = scheduler.start { xs.sample(ys) }

        XCTAssertEqual(res.events, [.next(250, 3), .error(260, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 260)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 260)])
    }

    func testMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a-^-b-c-d-|")
        let ys = try scheduler.createHotObservable("---^--x---y--z|")

        let res = scheduler.start { xs.sample(ys) }

        assertMarbles(res, "---b---d--|")
    }

    func testDisposingMidStreamUnsubscribesBoth() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let ys = sampler(scheduler)

        let res = scheduler.start(disposed: 255) { xs.sample(ys) }

        XCTAssertEqual(res.events, [.next(250, 3)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 255)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 255)])
    }

    func testTheSourceIsSubscribedToFirst() {
        var order: [String] = []
        let source = Observable<Int>.deferred {
            order.append("source")
            return .never()
        }
        let sampler = Observable<Int>.deferred {
            order.append("sampler")
            return .never()
        }

        source.sample(sampler).subscribe().dispose()

        XCTAssertEqual(order, ["source", "sampler"])
    }

    func testOnlyTheLatestElementIsKeptAndNothingAfterDisposal() {
        let live = Counter()
        let source = PublishSubject<LiveElement>()
        let ticks = PublishSubject<Void>()
        var received: [Int] = []

        let subscription = source.sample(ticks).subscribe(onNext: { received.append($0.value) })
        for value in 0..<1_000 {
            source.onNext(LiveElement(value, live: live))
        }
        XCTAssertEqual(live.value, 1, "only the latest element is kept")
        ticks.onNext(())
        XCTAssertEqual(live.value, 0, "a sampled element is let go")
        source.onNext(LiveElement(1_000, live: live))
        subscription.dispose()
        for value in 0..<1_000 {
            source.onNext(LiveElement(value, live: live))
        }

        XCTAssertEqual(received, [999])
        XCTAssertEqual(live.value, 0, "nothing is kept after dispose()")
    }

    func testEventsSentFromTheSubscriberAreHandledAfterItReturns() {
        let source = PublishSubject<Int>()
        let ticks = PublishSubject<Void>()
        var log: [String] = []

        let subscription = source.sample(ticks).subscribe(onNext: { value in
            log.append("begin \(value)")
            if value < 3 {
                source.onNext(value + 1)
                ticks.onNext(())
            }
            log.append("end \(value)")
        })
        // The send from inside the observer re-enters the subject, which reports it.
        let reports = SynchronizationReports.collect {
            source.onNext(1)
            ticks.onNext(())
        }
        XCTAssertEqual(reports.count, 1, "the reentrant send is reported once: \(reports)")

        XCTAssertEqual(log, ["begin 1", "end 1", "begin 2", "end 2", "begin 3", "end 3"])
        subscription.dispose()
    }

    func testDisposalReleasesTheLatestElementEvenWhileTheSourceKeepsItsObserver() {
        let live = Counter()
        let source = DisposalIgnoringObservable<LiveElement>()
        let sampler = PublishSubject<Void>()
        let subscription = source.sample(sampler).subscribe()

        source.observer?.onNext(LiveElement(1, live: live))
        XCTAssertEqual(live.value, 1, "kept until sampled")
        subscription.dispose()

        XCTAssertEqual(live.value, 0, "the latest element does not outlive the subscription")
        source.forget()
    }

    // MARK: A sampler on a serial queue (issue 38)

    func testAnIntervalSamplingOnASerialQueueNeverWaitsForTheSourcesElements() {
        // The sampler's ticks meet the source's events in the sink's serializer, and wait while
        // the source's thread holds it, as RxSwift's sampler waits for its lock. The source's
        // elements run no user code there (they are only kept), so the ticks keep the queue moving
        // while another thread sends; only the source's error and its teardown at completion run
        // user code, in RxSwift as here (Docs/Reliability.md, the time operators' audit).
        let probe = TimerQueueProbe(label: "sampler")
        let source = PublishSubject<Int>()
        let sampled = Locked<[Int]>([])
        let subscription = source.sample(Observable<Int>.interval(.milliseconds(1), scheduler: probe))
            .subscribe(onNext: { element in sampled.mutate { $0.append(element) } })
        let sent = DispatchSemaphore(value: 0)
        let sender = UncheckedSendable(source)
        Thread {
            for element in 0..<20_000 {
                sender.value.onNext(element)
            }
            sent.signal()
        }.start()
        let ticks = probe.finishedActions
        XCTAssertTrue(probe.waitForActions(after: ticks + 5, timeout: 5), "the sampler stalled")
        XCTAssertTrue(probe.queueIsFree(within: 5), "the sampler's queue stayed busy")
        XCTAssertEqual(sent.wait(timeout: .now() + 10), .success, "the source's thread waited")
        subscription.dispose()
        XCTAssertTrue(probe.queueIsFree(within: 5))
        let values = sampled.value
        XCTAssertEqual(values, values.sorted(), "samples in the order the source sent them")
    }
}

// MARK: - Under contention

/// `sample` with the source and the sampler on different threads.
final class SampleUnderContentionTests: UntilContentionTestCase {
    func testUntilStressSampleWithTheSourceAndTheSamplerOnDifferentThreads() {
        for round in 0..<rounds {
            let (source, sourceObserver) = capturedSource() as (Observable<Int>, Locked<AnyObserver<Int>?>)
            let (sampler, samplerObserver) = capturedSource() as (Observable<Void>, Locked<AnyObserver<Void>?>)
            let probe = DeliveryProbe<Int>()
            let baseline = Resources.total
            let subscription = probe.subscribe(source.sample(sampler))
            // The handles keep the sinks alive: they go before the leak check.
            do {
                let sourceHandle = UncheckedSendable(sourceObserver.value!)
                let samplerHandle = UncheckedSendable(samplerObserver.value!)
                sourceObserver.value = nil
                samplerObserver.value = nil
                let total = count

                race(
                    sendSource: { _ in
                        for value in 0..<total {
                            sourceHandle.value.onNext(value)
                        }
                        sourceHandle.value.onCompleted()
                    },
                    sendOther: { _ in
                        for _ in 0..<(total / 4) {
                            samplerHandle.value.onNext(())
                        }
                        samplerHandle.value.onCompleted()
                    })
            }
            subscription.dispose()

            let elements = probe.elements
            XCTAssertEqual(elements, elements.sorted(), "samples in the source's order, round \(round)")
            XCTAssertEqual(Set(elements).count, elements.count, "each element sampled once, round \(round)")
            XCTAssertLessThanOrEqual(probe.terminalCount, 1, "round \(round)")
            XCTAssertEqual(probe.eventsAfterTerminal, 0, "round \(round)")
            XCTAssertEqual(probe.overlaps, 0, "round \(round)")
            XCTAssertEqual(probe.disposedCount, 1, "round \(round)")
            XCTAssertEqual(
                Resources.waitForTotal(toReturnTo: baseline, timeout: .seconds(5)), 0,
                "sinks still alive, round \(round)")
        }
    }
}
