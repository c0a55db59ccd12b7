import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestSupport
import XCTest

final class JustTests: RxTestCase {
    func testSendsTheElementAndCompletesAtSubscription() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.just(42) }

        XCTAssertEqual(res.events, [.next(200, 42), .completed(200)])
    }

    func testOnASchedulerTheElementAndCompletionAreTwoActions() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.just(42, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(201, 42), .completed(202)])
    }

    func testOnASchedulerDisposingBeforeTheFirstActionSendsNothing() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start(disposed: 200) { Observable.just(42, scheduler: scheduler) }

        XCTAssertEqual(res.events, [])
    }

    func testOnASchedulerDisposingAfterTheElementCancelsCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.createObserver(Int.self)
        let subscription = SingleAssignmentDisposable()
        scheduler.scheduleAt(100) {
            subscription.setDisposable(
                Observable.just(0, scheduler: scheduler).subscribe { event in
                    res.on(event)
                    if case .next = event {
                        subscription.dispose()
                    }
                })
        }

        scheduler.start()

        XCTAssertEqual(res.events, [.next(101, 0)])
    }

    func testSubscribingAgainFromInsideOnNextDeliversTheInnerSequenceFirst() {
        let source = Observable.just(1)
        var log: [String] = []

        _ = source.subscribe(
            onNext: { outer in
                log.append("outer next \(outer)")
                _ = source.subscribe(onNext: { log.append("inner next \($0)") })
            },
            onCompleted: { log.append("outer completed") })

        XCTAssertEqual(log, ["outer next 1", "inner next 1", "outer completed"])
    }
}
