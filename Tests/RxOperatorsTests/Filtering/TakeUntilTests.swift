import Dispatch
import Foundation
import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

final class TakeUntilTests: RxTestCase {
    private func source(_ scheduler: TestScheduler) -> TestableObservable<Int> {
        scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
        ])
    }

    // MARK: take(until:) with another sequence

    func testCompletesAtTheOtherSequencesFirstElementAndUnsubscribesBoth() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let ys = scheduler.createHotObservable([.next(150, "early"), .next(225, "stop"), .next(235, "late")])

        let res = scheduler.start { xs.take(until: ys) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3), .completed(225)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 225)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 225)])
    }

    func testTheOtherSequenceCompletingWithoutAnElementOnlyEndsItsOwnSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let ys = scheduler.createHotObservable([Recorded<Event<String>>.completed(215)])

        let res = scheduler.start { xs.take(until: ys) }

        XCTAssertEqual(
            res.events, [.next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 215)])
    }

    func testTheOtherSequencesErrorIsPassedOn() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let ys = scheduler.createHotObservable([Recorded<Event<String>>.error(225, TestError.boom)])

        let res = scheduler.start { xs.take(until: ys) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3), .error(225, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 225)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 225)])
    }

    func testTheSourcesErrorIsPassedOnAndUnsubscribesTheOther() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(220, TestError.boom)])
        let ys = scheduler.createHotObservable([.next(230, "stop")])

        let res = scheduler.start { xs.take(until: ys) }

        XCTAssertEqual(res.events, [.next(210, 2), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 220)])
    }

    func testTheSourcesCompletionIsPassedOnAndUnsubscribesTheOther() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let ys = scheduler.createHotObservable([.next(300, "stop")])

        let res = scheduler.start { xs.take(until: ys) }

        XCTAssertEqual(
            res.events, [.next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 250)])
    }

    func testAnOtherElementBeforeAnySourceElementCompletesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let ys = scheduler.createColdObservable([.next(5, 0)])

        let res = scheduler.start { xs.take(until: ys) }

        XCTAssertEqual(res.events, [.completed(205)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 205)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 205)])
    }

    func testMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a-^-b-c-d-|")
        let ys = try scheduler.createHotObservable("---^----x---")

        let res = scheduler.start { xs.take(until: ys) }

        assertMarbles(res, "--b-c|")
    }

    func testDisposingMidStreamUnsubscribesBoth() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let ys = scheduler.createHotObservable([.next(300, "stop")])

        let res = scheduler.start(disposed: 215) { xs.take(until: ys) }

        XCTAssertEqual(res.events, [.next(210, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 215)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 215)])
    }

    func testTheOtherSequenceIsSubscribedToFirst() {
        var order: [String] = []
        let source = Observable<Int>.deferred {
            order.append("source")
            return .never()
        }
        let other = Observable<Int>.deferred {
            order.append("other")
            return .never()
        }

        source.take(until: other).subscribe().dispose()

        XCTAssertEqual(order, ["other", "source"])
    }

    func testAnOtherSequenceThatSendsWhileBeingSubscribedLeavesTheSourceAlone() {
        var sourceSubscribed = false
        let source = Observable<Int>.deferred {
            sourceSubscribed = true
            return .of(1, 2)
        }
        var events: [Event<Int>] = []

        _ = source.take(until: Observable.just(0)).subscribe { events.append($0) }

        XCTAssertEqual(events.count, 1)
        XCTAssertTrue(events.first?.isCompleted ?? false)
        XCTAssertFalse(sourceSubscribed)
    }

    func testAnOtherElementSentFromTheDownstreamObserverIsHandledAfterItReturns() {
        let source = PublishSubject<Int>()
        let other = PublishSubject<Void>()
        var log: [String] = []

        let subscription = source.take(until: other).subscribe(
            onNext: { value in
                log.append("begin \(value)")
                other.onNext(())
                source.onNext(value + 10)
                log.append("end \(value)")
            }, onCompleted: { log.append("completed") })
        // The send from inside the observer re-enters the subject, which reports it.
        let reports = SynchronizationReports.collect {
            source.onNext(1)
        }
        XCTAssertEqual(reports.count, 1, "the reentrant send is reported once: \(reports)")

        XCTAssertEqual(log, ["begin 1", "end 1", "completed"])
        XCTAssertFalse(source.hasObservers)
        XCTAssertFalse(other.hasObservers)
        subscription.dispose()
    }

    func testSourceElementsSentFromTheDownstreamObserverAreNotNested() {
        let source = PublishSubject<Int>()
        var log: [String] = []

        let subscription = source.take(until: Observable<Int>.never()).subscribe(onNext: { value in
            log.append("begin \(value)")
            if value < 3 {
                source.onNext(value + 1)
            }
            log.append("end \(value)")
        })
        // The send from inside the observer re-enters the subject, which reports it.
        let reports = SynchronizationReports.collect {
            source.onNext(1)
        }
        XCTAssertEqual(reports.count, 1, "the reentrant send is reported once: \(reports)")

        XCTAssertEqual(log, ["begin 1", "end 1", "begin 2", "end 2", "begin 3", "end 3"])
        subscription.dispose()
    }

    func testWaitingElementsWhoseReleaseSendsIntoTheChainAreReleasedWhenDisposedAndLaterOnesAreNotKept() {
        let live = Counter()
        let source = PublishSubject<LiveElement>()
        let subscription = SingleAssignmentDisposable()
        var received: [Int] = []
        let releasedSends = Counter()

        subscription.setDisposable(
            source.take(until: Observable<Int>.never()).subscribe(onNext: { element in
                received.append(element.value)
                guard element.value == 1 else { return }
                // Waits in the queue until this call returns; the subscription is gone by then.
                source.onNext(
                    LiveElement(
                        2, live: live,
                        onRelease: {
                            // Sends into the chain while it is released by the disposal.
                            releasedSends.increment()
                            source.onNext(LiveElement(3, live: live))
                        }))
                subscription.dispose()
            }))
        // The send from inside the observer re-enters the subject, which reports it.
        let reports = SynchronizationReports.collect {
            source.onNext(LiveElement(1, live: live))
        }
        XCTAssertEqual(reports.count, 1, "the reentrant send is reported once: \(reports)")
        for value in 0..<1_000 {
            source.onNext(LiveElement(100 + value, live: live))
        }

        XCTAssertEqual(received, [1])
        XCTAssertEqual(releasedSends.value, 1)
        XCTAssertEqual(live.value, 0, "nothing is kept after dispose()")
    }

    // MARK: take(until:behavior:) with a predicate

    func testCompletesAtTheFirstElementMeetingThePredicateWithoutIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)

        let res = scheduler.start { xs.take(until: { $0 == 4 }) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testInclusivePassesTheElementMeetingThePredicateBeforeCompleting() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)

        let res = scheduler.start { xs.take(until: { $0 == 4 }, behavior: .inclusive) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3), .next(230, 4), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testExclusiveIsTheDefaultBehavior() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)

        let res = scheduler.start { xs.take(until: { $0 == 3 }, behavior: .exclusive) }

        XCTAssertEqual(res.events, [.next(210, 2), .completed(220)])
    }

    func testAPredicateThatNeverHoldsPassesTheSourceToItsEnd() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)

        let res = scheduler.start { xs.take(until: { _ in false }) }

        XCTAssertEqual(
            res.events, [.next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testPredicateMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a-^-b-c-d-|")

        let res = scheduler.start { xs.take(until: { $0 == "c" }, behavior: .inclusive) }

        assertMarbles(res, "--b-(c|)")
    }

    func testASourceErrorPassesThePredicateForm() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(250, TestError.boom)])

        let res = scheduler.start { xs.take(until: { _ in false }) }

        XCTAssertEqual(res.events, [.next(210, 1), .error(250, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testAThrowingPredicateSendsTheErrorAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)

        let res = scheduler.start {
            xs.take(until: { value in
                if value == 3 { throw TestError.boom }
                return false
            })
        }

        XCTAssertEqual(res.events, [.next(210, 2), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testDisposingThePredicateFormMidStream() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)

        let res = scheduler.start(disposed: 215) { xs.take(until: { $0 == 4 }) }

        XCTAssertEqual(res.events, [.next(210, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 215)])
    }
}

// MARK: - Under contention

/// `take(until:)` (and, racing terminal events, `skip(until:)` beside it) with the two sequences on different threads.
final class TakeUntilUnderContentionTests: UntilContentionTestCase {
    func testUntilStressTakeUntilWithTheTwoSequencesOnDifferentThreads() {
        for round in 0..<rounds {
            let (source, sourceObserver) = capturedSource() as (Observable<Int>, Locked<AnyObserver<Int>?>)
            let (other, otherObserver) = capturedSource() as (Observable<Void>, Locked<AnyObserver<Void>?>)
            let probe = DeliveryProbe<Int>()
            let baseline = Resources.total
            let subscription = probe.subscribe(source.take(until: other))
            // The handles keep the sinks alive: they go before the leak check.
            do {
                let sourceHandle = UncheckedSendable(sourceObserver.value!)
                let otherHandle = UncheckedSendable(otherObserver.value!)
                sourceObserver.value = nil
                otherObserver.value = nil
                let stopAt = Int.random(in: 0...count)
                let total = count

                race(
                    sendSource: { sent in
                        for value in 0..<total {
                            sourceHandle.value.onNext(value)
                            sent.increment()
                        }
                        sourceHandle.value.onCompleted()
                        sent.increment()
                    },
                    sendOther: { sent in
                        Self.waitUntil(sent, reaches: stopAt, total: total)
                        for _ in 0..<10 { otherHandle.value.onNext(()) }
                        otherHandle.value.onCompleted()
                    })
            }
            subscription.dispose()

            let elements = probe.elements
            XCTAssertEqual(elements, Array(0..<elements.count), "an ordered prefix, round \(round)")
            XCTAssertEqual(probe.terminalCount, 1, "round \(round)")
            XCTAssertEqual(probe.events.last?.isCompleted, true, "round \(round)")
            XCTAssertEqual(probe.eventsAfterTerminal, 0, "round \(round)")
            XCTAssertEqual(probe.overlaps, 0, "round \(round)")
            XCTAssertEqual(probe.disposedCount, 1, "round \(round)")
            XCTAssertEqual(
                Resources.waitForTotal(toReturnTo: baseline, timeout: .seconds(5)), 0,
                "sinks still alive, round \(round)")
        }
    }

    func testUntilStressRacingTerminalEventsFromBothSequencesPassExactlyOne() {
        for round in 0..<rounds * 5 {
            let (source, sourceObserver) = capturedSource() as (Observable<Int>, Locked<AnyObserver<Int>?>)
            let (other, otherObserver) = capturedSource() as (Observable<Void>, Locked<AnyObserver<Void>?>)
            let probe = DeliveryProbe<Int>()
            let sequence = round.isMultiple(of: 2) ? source.take(until: other) : source.skip(until: other)
            let subscription = probe.subscribe(sequence)
            // The handles keep the sinks alive: they go before the leak check.
            do {
                let sourceHandle = UncheckedSendable(sourceObserver.value!)
                let otherHandle = UncheckedSendable(otherObserver.value!)
                sourceObserver.value = nil
                otherObserver.value = nil

                race(
                    sendSource: { _ in
                        sourceHandle.value.onNext(1)
                        sourceHandle.value.onError(TestError.boom)
                        sourceHandle.value.onNext(2)
                    },
                    sendOther: { _ in
                        otherHandle.value.onError(TestError.boom)
                        otherHandle.value.onNext(())
                    })
            }
            subscription.dispose()

            XCTAssertEqual(probe.terminalCount, 1, "round \(round)")
            XCTAssertEqual(probe.eventsAfterTerminal, 0, "round \(round)")
            XCTAssertEqual(probe.overlaps, 0, "round \(round)")
            XCTAssertFalse(probe.elements.contains(2), "round \(round)")
        }
    }
}
