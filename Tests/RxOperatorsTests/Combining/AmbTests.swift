import Dispatch
import Foundation
import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

final class AmbTests: RxTestCase {
    func testTheFirstToSendAnElementWinsAndTheOtherIsDisposedThen() {
        let scheduler = TestScheduler(initialClock: 0)
        let x1 = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(240, 2), .completed(250)])
        let x2 = scheduler.createHotObservable([.next(220, 10), .completed(260)])

        let res = scheduler.start { x1.amb(x2) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(240, 2), .completed(250)])
        XCTAssertEqual(x1.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(x2.subscriptions, [Subscription(200, 210)])
    }

    func testTheRightSequenceCanWin() {
        let scheduler = TestScheduler(initialClock: 0)
        let x1 = scheduler.createHotObservable([.next(220, 1), .completed(250)])
        let x2 = scheduler.createHotObservable([.next(215, 10), .next(230, 11), .error(260, TestError.boom)])

        let res = scheduler.start { x1.amb(x2) }

        XCTAssertEqual(res.events, [.next(215, 10), .next(230, 11), .error(260, TestError.boom)])
        XCTAssertEqual(x1.subscriptions, [Subscription(200, 215)])
        XCTAssertEqual(x2.subscriptions, [Subscription(200, 260)])
    }

    func testATerminalEventWinsToo() {
        let scheduler = TestScheduler(initialClock: 0)
        let failing = scheduler.createHotObservable([Recorded<Event<Int>>.error(215, TestError.boom)])
        let x2 = scheduler.createHotObservable([.next(220, 10), .completed(260)])

        let failed = scheduler.start { failing.amb(x2) }
        XCTAssertEqual(failed.events, [.error(215, TestError.boom)])
        XCTAssertEqual(x2.subscriptions, [Subscription(200, 215)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let emptyLater = scheduler2.createHotObservable([Recorded<Event<Int>>.completed(225)])
        let x5 = scheduler2.createHotObservable([.next(230, 20)])
        let completed = scheduler2.start { x5.amb(emptyLater) }
        XCTAssertEqual(completed.events, [.completed(225)])
        XCTAssertEqual(x5.subscriptions, [Subscription(200, 225)])
        XCTAssertEqual(emptyLater.subscriptions, [Subscription(200, 225)])
    }

    func testNeitherSendingMeansNothingAndBothStaySubscribed() {
        let scheduler = TestScheduler(initialClock: 0)
        let x1 = scheduler.createHotObservable([Recorded<Event<Int>>.next(150, 0)])
        let x2 = scheduler.createHotObservable([Recorded<Event<Int>>.next(150, 0)])

        let res = scheduler.start { x1.amb(x2) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(x1.subscriptions, [Subscription(200, 1000)])
        XCTAssertEqual(x2.subscriptions, [Subscription(200, 1000)])
    }

    func testOfACollectionTheFirstToSendWinsAndEveryOtherIsDisposedThen() {
        let scheduler = TestScheduler(initialClock: 0)
        let x1 = scheduler.createHotObservable([.next(240, 1), .completed(300)])
        let x2 = scheduler.createHotObservable([.next(250, 2), .completed(300)])
        let x3 = scheduler.createHotObservable([.next(230, 3), .next(260, 4), .completed(280)])

        let res = scheduler.start { Observable.amb([x1, x2, x3].map { $0.asObservable() }) }

        XCTAssertEqual(res.events, [.next(230, 3), .next(260, 4), .completed(280)])
        XCTAssertEqual(x1.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(x2.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(x3.subscriptions, [Subscription(200, 280)])
    }

    func testOfAnEmptyCollectionNeverSendsAnything() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Int>.amb([Observable<Int>]()) }

        XCTAssertEqual(res.events, [])
    }

    func testOfOneSourceIsThatSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let x1 = scheduler.createHotObservable([.next(210, 1), .completed(250)])

        let res = scheduler.start { Observable.amb(CollectionOfOne(x1.asObservable())) }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(250)])
        XCTAssertEqual(x1.subscriptions, [Subscription(200, 250)])
    }

    func testMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let left = try scheduler.createHotObservable("-a-^---b-c-|")
        let right = try scheduler.createHotObservable("---^--x---y-z|")

        let res = scheduler.start { left.amb(right) }

        assertMarbles(res, "---x---y-z|")
    }

    func testDisposingBeforeADecisionUnsubscribesAll() {
        let scheduler = TestScheduler(initialClock: 0)
        let x1 = scheduler.createHotObservable([.next(240, 1)])
        let x2 = scheduler.createHotObservable([.next(250, 2)])

        let res = scheduler.start(disposed: 230) { x1.amb(x2) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(x1.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(x2.subscriptions, [Subscription(200, 230)])
    }

    func testASourceThatSendsWhileBeingSubscribedWinsAndTheRestAreNeverSubscribed() {
        var laterSubscribed = false
        let later = Observable<Int>.deferred {
            laterSubscribed = true
            return .never()
        }
        var events: [Event<Int>] = []

        _ = Observable.just(1).amb(later).subscribe { events.append($0) }

        XCTAssertEqual(events.count, 2)
        XCTAssertEqual(events.first?.element, 1)
        XCTAssertFalse(laterSubscribed)
    }

    func testTheLoserIsDisposedBeforeTheWinnersFirstEventIsDelivered() {
        let left = PublishSubject<Int>()
        let right = PublishSubject<Int>()
        var rightObservedAtDelivery: Bool?

        let subscription = left.amb(right).subscribe(onNext: { _ in rightObservedAtDelivery = right.hasObservers })
        left.onNext(1)
        right.onNext(2)

        XCTAssertEqual(rightObservedAtDelivery, false)
        subscription.dispose()
        XCTAssertFalse(left.hasObservers)
    }
}

// MARK: - Under contention

/// `amb` with the two sources sending on different threads.
final class AmbUnderContentionTests: UntilContentionTestCase {
    func testUntilStressAmbOfTwoSourcesSendingOnDifferentThreadsMirrorsExactlyOne() {
        for round in 0..<rounds {
            let (left, leftObserver) = capturedSource() as (Observable<Int>, Locked<AnyObserver<Int>?>)
            let (right, rightObserver) = capturedSource() as (Observable<Int>, Locked<AnyObserver<Int>?>)
            let probe = DeliveryProbe<Int>()
            let baseline = Resources.total
            let subscription = probe.subscribe(left.amb(right))
            // The handles keep the sinks alive: they go before the leak check.
            do {
                let leftHandle = UncheckedSendable(leftObserver.value!)
                let rightHandle = UncheckedSendable(rightObserver.value!)
                leftObserver.value = nil
                rightObserver.value = nil
                let total = count

                race(
                    sendSource: { _ in
                        for value in 0..<total {
                            leftHandle.value.onNext(value)
                        }
                        leftHandle.value.onCompleted()
                    },
                    sendOther: { _ in
                        for value in 0..<total {
                            rightHandle.value.onNext(100_000 + value)
                        }
                        rightHandle.value.onError(TestError.boom)
                    })
            }
            subscription.dispose()

            let elements = probe.elements
            let offset = elements.first ?? 0
            XCTAssertTrue(offset == 0 || offset == 100_000, "round \(round)")
            XCTAssertEqual(elements, Array(offset..<(offset + count)), "all of one source, in order, round \(round)")
            XCTAssertEqual(probe.terminalCount, 1, "round \(round)")
            XCTAssertEqual(
                probe.events.last?.isCompleted, offset == 0, "the winner's own terminal event, round \(round)")
            XCTAssertEqual(probe.overlaps, 0, "round \(round)")
            XCTAssertEqual(probe.disposedCount, 1, "round \(round)")
            XCTAssertEqual(
                Resources.waitForTotal(toReturnTo: baseline, timeout: .seconds(5)), 0,
                "sinks still alive, round \(round)")
        }
    }
}
