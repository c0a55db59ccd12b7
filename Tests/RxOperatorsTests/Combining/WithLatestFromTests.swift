import Dispatch
import Foundation
import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import Synchronization
import XCTest

final class WithLatestFromTests: RxTestCase {
    func testIgnoresElementsUntilTheOtherHasSentThenPairsWithItsLatest() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(250, 3), .completed(270)])
        let ys = scheduler.createHotObservable([.next(220, 10), .next(240, 20), .completed(245)])

        let res = scheduler.start { xs.withLatestFrom(ys) { $0 + $1 } }

        XCTAssertEqual(res.events, [.next(230, 12), .next(250, 23), .completed(270)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 270)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 245)])
    }

    func testMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-^-a---b-c-|")
        let ys = try scheduler.createHotObservable("-^---1-2-----3|")

        let res = scheduler.start { xs.withLatestFrom(ys) }

        // At 260 both send: the source's element was scheduled first, so it meets `1`.
        assertMarbles(res, "------1-2-|")
        assertSubscriptions(xs, "^---------!")
        assertSubscriptions(ys, "^---------!")
    }

    func testTheOtherIsSubscribedFirst() {
        var order: [String] = []
        let first = Observable<Int>.deferred {
            order.append("first")
            return .just(1)
        }
        let second = Observable<Int>.deferred {
            order.append("second")
            return .just(2)
        }
        var received: [Int] = []
        _ = first.withLatestFrom(second).subscribe(onNext: { received.append($0) })

        XCTAssertEqual(order, ["second", "first"])
        XCTAssertEqual(received, [2])
    }

    func testAnErrorOfEitherEndsTheResult() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2)])
        let ys = scheduler.createHotObservable([.next(220, 10), .error(240, TestError.boom)])

        let res = scheduler.start { xs.withLatestFrom(ys) { $0 + $1 } }

        XCTAssertEqual(res.events, [.next(230, 12), .error(240, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 240)])
    }

    func testAThrowingSelectorBecomesAnErrorAndDisposesEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(230, 2)])
        let ys = scheduler.createHotObservable([.next(220, 10)])

        let res = scheduler.start { xs.withLatestFrom(ys) { _, _ -> Int in throw TestError.boom } }

        XCTAssertEqual(res.events, [.error(230, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 230)])
    }

    func testDisposalMidStream() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(230, 2), .next(260, 3)])
        let ys = scheduler.createHotObservable([.next(220, 10)])

        let res = scheduler.start(disposed: 250) { xs.withLatestFrom(ys) { $0 + $1 } }

        XCTAssertEqual(res.events, [.next(230, 12)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 250)])
    }

    func testLetsGoOfTheLatestWhenDisposed() {
        let live = Counter()
        let a = PublishSubject<Int>()
        let b = PublishSubject<LiveElement>()
        let subscription = a.withLatestFrom(b) { $0 + $1.value }.subscribe()
        for i in 0..<100 {
            b.onNext(LiveElement(i, live: live))
        }
        XCTAssertEqual(live.value, 1)
        subscription.dispose()
        XCTAssertEqual(live.value, 0)
    }

    func testAReplacedLatestWhoseDeinitSendsIntoTheChainDoesNotDeadlock() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<LiveElement>()
        let live = Counter()
        var received: [Int] = []
        let subscription = a.withLatestFrom(b) { $0 + $1.value }.subscribe(onNext: { received.append($0) })
        b.onNext(LiveElement(10, live: live, onRelease: { a.onNext(1) }))
        b.onNext(LiveElement(20, live: live))
        subscription.dispose()

        XCTAssertEqual(received, [21], "the replaced element is released after the lock, when 20 is the latest")
        XCTAssertEqual(live.value, 0)
    }

    func testSendingIntoTheSourceFromOnNextIsDeliveredAfterTheCurrentElement() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        var received: [Int] = []
        let subscription = a.withLatestFrom(b) { $0 + $1 }
            .subscribe(onNext: { value in
                received.append(value)
                if value == 11 { a.onNext(2) }
                received.append(-value)
            })
        b.onNext(10)
        // The send from inside the observer re-enters the subject, which reports it.
        let reports = SynchronizationReports.collect {
            a.onNext(1)
        }
        XCTAssertEqual(reports.count, 1, "the reentrant send is reported once: \(reports)")
        subscription.dispose()

        XCTAssertEqual(received, [11, -11, 12, -12])
    }
}

// MARK: - Under contention

/// `withLatestFrom` with the two sources sending on different threads.
final class WithLatestFromUnderContentionTests: CombiningContentionTestCase {
    func testCombiningStressWithLatestFromKeepsOrderAndCompletesWithTheSource() {
        for _ in 0..<rounds {
            let source = PublishSubject<Int>()
            let other = PublishSubject<Int>()
            let recording = Recording<[Int]>()
            other.onNext(-1)
            let subscription = source.withLatestFrom(other) { [$0, $1] }.subscribe(recording.observer())
            other.onNext(0)
            let handle = UncheckedSendable((source, other))
            let count = self.count
            sendConcurrently(sources: 2) { index in
                let subject = index == 0 ? handle.value.0 : handle.value.1
                for element in 0..<count {
                    subject.onNext(element)
                }
                if index == 0 {
                    subject.onCompleted()
                }
            }

            XCTAssertEqual(recording.overlaps.load(ordering: .relaxed), 0)
            let rows = recording.elements
            XCTAssertEqual(rows.map { $0[0] }, Array(0..<count), "every source element, in order")
            for (earlier, later) in zip(rows, rows.dropFirst()) {
                XCTAssertLessThanOrEqual(earlier[1], later[1])
            }
            XCTAssertEqual(recording.terminals, 1)
            subscription.dispose()
        }
    }
}
