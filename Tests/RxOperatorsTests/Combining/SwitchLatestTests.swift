import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

final class SwitchLatestTests: RxTestCase {
    func testPassesOnTheLatestInnerSequenceOnly() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([.next(10, 1), .next(50, 2), .completed(60)])
        let second = scheduler.createColdObservable([.next(10, 3), .completed(20)])
        let outer = scheduler.createHotObservable([
            .next(210, first.asObservable()), .next(240, second.asObservable()), .completed(250),
        ])

        let res = scheduler.start { outer.switchLatest() }

        XCTAssertEqual(res.events, [.next(220, 1), .next(250, 3), .completed(260)])
        XCTAssertEqual(outer.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(first.subscriptions, [Subscription(210, 240)])
        XCTAssertEqual(second.subscriptions, [Subscription(240, 260)])
    }

    func testWithMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createColdObservable("-1-1-1|")
        let ys = try scheduler.createColdObservable("-2|")
        let outer = scheduler.createHotObservable([
            .next(210, xs.asObservable()), .next(250, ys.asObservable()), .completed(300),
        ])

        let res = scheduler.start { outer.switchLatest() }

        assertMarbles(res, "--1-1-2---|")
        assertSubscriptions(xs, "-^---!")
        assertSubscriptions(ys, "-----^-!")
    }

    func testCompletesWithTheOuterWhenTheLatestInnerHasCompleted() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let outer = scheduler.createHotObservable([.next(210, inner.asObservable()), .completed(300)])

        let res = scheduler.start { outer.switchLatest() }

        XCTAssertEqual(res.events, [.next(220, 1), .completed(300)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 230)])
    }

    func testAnEmptyOuterCompletesAtOnceAndAnOuterErrorEndsEverything() {
        let empty = TestScheduler(initialClock: 0).start { Observable<Observable<Int>>.empty().switchLatest() }
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.next(10, 1), .completed(100)])
        let outer = scheduler.createHotObservable([.next(210, inner.asObservable()), .error(250, TestError.boom)])

        let failed = scheduler.start { outer.switchLatest() }

        XCTAssertEqual(empty.events, [.completed(200)])
        XCTAssertEqual(failed.events, [.next(220, 1), .error(250, TestError.boom)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 250)])
    }

    func testAnElementSentBackFromInsideTheObserverIsDeliveredAfterTheCurrentOne() {
        let inner = PublishSubject<Int>()
        var log: [String] = []
        let subscription = Observable.just(inner.asObservable()).switchLatest().subscribe(onNext: { value in
            log.append("begin \(value)")
            if value == 1 {
                inner.onNext(2)
            }
            log.append("end \(value)")
        })

        // The send from inside the observer re-enters the subject, which reports it.
        let reports = SynchronizationReports.collect {
            inner.onNext(1)
        }
        XCTAssertEqual(reports.count, 1, "the reentrant send is reported once: \(reports)")

        XCTAssertEqual(log, ["begin 1", "end 1", "begin 2", "end 2"])
        subscription.dispose()
    }

    func testAnElementSentBackBeforeASwitchFromInsideTheObserverIsStillDelivered() {
        let outer = PublishSubject<Observable<Int>>()
        let first = PublishSubject<Int>()
        let second = PublishSubject<Int>()
        var received: [Int] = []
        let subscription = outer.switchLatest().subscribe(onNext: { value in
            received.append(value)
            if value == 1 {
                // Sent while 1 is delivered, before the switch: it waits for 1, then goes out.
                first.onNext(2)
                outer.onNext(second.asObservable())
                // Sent after the switch: the first sequence is no longer heard.
                first.onNext(9)
            }
        })

        outer.onNext(first.asObservable())
        // The send from inside the observer re-enters the subject, which reports it.
        let reports = SynchronizationReports.collect {
            first.onNext(1)
        }
        XCTAssertEqual(reports.count, 1, "the reentrant send is reported once: \(reports)")
        second.onNext(3)
        first.onNext(10)

        XCTAssertEqual(received, [1, 2, 3])
        subscription.dispose()
    }
}
