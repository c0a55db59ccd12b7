import Dispatch
import Foundation
import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

final class SkipUntilTests: RxTestCase {
    private func source(_ scheduler: TestScheduler) -> TestableObservable<Int> {
        scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
        ])
    }

    func testPassesTheSourceOnOnceTheOtherSequenceSentAnElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let ys = scheduler.createHotObservable([.next(150, "early"), .next(225, "go"), .completed(235)])

        let res = scheduler.start { xs.skip(until: ys) }

        XCTAssertEqual(res.events, [.next(230, 4), .next(240, 5), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 225)], "other is let go at its first element")
    }

    func testTheSourcesCompletionBeforeTheOtherSentIsNotPassedOn() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let ys = scheduler.createHotObservable([.next(300, "go")])

        let res = scheduler.start { xs.skip(until: ys) }

        XCTAssertEqual(res.events, [], "as in RxSwift, the subscription ends without an event")
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 250)])
    }

    func testTheOtherSequenceCompletingWithoutAnElementKeepsDroppingTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let ys = scheduler.createHotObservable([Recorded<Event<String>>.completed(215)])

        let res = scheduler.start { xs.skip(until: ys) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 215)])
    }

    func testTheOtherSequencesErrorIsPassedOn() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let ys = scheduler.createHotObservable([Recorded<Event<String>>.error(225, TestError.boom)])

        let res = scheduler.start { xs.skip(until: ys) }

        XCTAssertEqual(res.events, [.error(225, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 225)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 225)])
    }

    func testTheSourcesErrorIsPassedOnBeforeTheOtherSent() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(220, TestError.boom)])
        let ys = scheduler.createHotObservable([.next(300, "go")])

        let res = scheduler.start { xs.skip(until: ys) }

        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 220)])
    }

    func testMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a-^-b-c-d-|")
        let ys = try scheduler.createHotObservable("---^--x-----")

        let res = scheduler.start { xs.skip(until: ys) }

        assertMarbles(res, "----c-d-|")
    }

    func testDisposingMidStreamUnsubscribesBoth() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let ys = scheduler.createHotObservable([.next(205, "go")])

        let res = scheduler.start(disposed: 225) { xs.skip(until: ys) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 225)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 205)])
    }

    func testTheSourceIsSubscribedToFirst() {
        var order: [String] = []
        let source = Observable<Int>.deferred {
            order.append("source")
            return .never()
        }
        let other = Observable<Int>.deferred {
            order.append("other")
            return .never()
        }

        source.skip(until: other).subscribe().dispose()

        XCTAssertEqual(order, ["source", "other"])
    }

    func testAnOtherElementSentFromTheDownstreamObserverOpensTheGateAfterItReturns() {
        let source = PublishSubject<Int>()
        let other = PublishSubject<Void>()
        var log: [String] = []

        let subscription = source.skip(until: other).subscribe(onNext: { value in
            log.append("begin \(value)")
            if value < 3 {
                source.onNext(value + 1)
            }
            log.append("end \(value)")
        })
        source.onNext(0)
        other.onNext(())
        XCTAssertFalse(other.hasObservers)
        // The send from inside the observer re-enters the subject, which reports it.
        let reports = SynchronizationReports.collect {
            source.onNext(1)
        }
        XCTAssertEqual(reports.count, 1, "the reentrant send is reported once: \(reports)")

        XCTAssertEqual(log, ["begin 1", "end 1", "begin 2", "end 2", "begin 3", "end 3"])
        subscription.dispose()
        XCTAssertFalse(source.hasObservers)
    }

    func testWaitingElementsAreReleasedWhenDisposedAndLaterOnesAreNotKept() {
        let live = Counter()
        let source = PublishSubject<LiveElement>()
        let subscription = SingleAssignmentDisposable()
        var received: [Int] = []

        subscription.setDisposable(
            source.skip(until: Observable.just(())).subscribe(onNext: { element in
                received.append(element.value)
                guard element.value == 1 else { return }
                source.onNext(LiveElement(2, live: live, onRelease: { source.onNext(LiveElement(3, live: live)) }))
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
        XCTAssertEqual(live.value, 0, "nothing is kept after dispose()")
    }
}

// MARK: - Under contention

/// `skip(until:)` with the two sequences on different threads.
final class SkipUntilUnderContentionTests: UntilContentionTestCase {
    func testUntilStressSkipUntilWithTheTwoSequencesOnDifferentThreads() {
        for round in 0..<rounds {
            let (source, sourceObserver) = capturedSource() as (Observable<Int>, Locked<AnyObserver<Int>?>)
            let (other, otherObserver) = capturedSource() as (Observable<Void>, Locked<AnyObserver<Void>?>)
            let probe = DeliveryProbe<Int>()
            let baseline = Resources.total
            let subscription = probe.subscribe(source.skip(until: other))
            // The handles keep the sinks alive: they go before the leak check.
            do {
                let sourceHandle = UncheckedSendable(sourceObserver.value!)
                let otherHandle = UncheckedSendable(otherObserver.value!)
                sourceObserver.value = nil
                otherObserver.value = nil
                let startAt = Int.random(in: 0..<count)
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
                        Self.waitUntil(sent, reaches: startAt, total: total)
                        otherHandle.value.onNext(())
                        otherHandle.value.onNext(())
                    })
            }
            subscription.dispose()

            let elements = probe.elements
            if let first = elements.first {
                XCTAssertEqual(elements, Array(first..<count), "every element once open, in order, round \(round)")
                XCTAssertEqual(probe.terminalCount, 1, "round \(round)")
                XCTAssertEqual(probe.events.last?.isCompleted, true, "round \(round)")
            } else {
                // Opened after the last element: completion passes; or after completion: nothing.
                XCTAssertLessThanOrEqual(probe.terminalCount, 1, "round \(round)")
            }
            XCTAssertEqual(probe.eventsAfterTerminal, 0, "round \(round)")
            XCTAssertEqual(probe.overlaps, 0, "round \(round)")
            XCTAssertEqual(probe.disposedCount, 1, "round \(round)")
            XCTAssertEqual(
                Resources.waitForTotal(toReturnTo: baseline, timeout: .seconds(5)), 0,
                "sinks still alive, round \(round)")
        }
    }
}
