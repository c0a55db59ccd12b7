import Dispatch
import RxCore
import RxDisposables
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

@testable import RxOperators

/// Bad input that no single operator owns: `.never` times, disposal from inside a trampolined
/// delivery and reentrant subscription. Disposal at every awkward moment is checked in each
/// operator's own tests, through `assertDisposal` (`DisposalAssertions.swift`).
final class OperatorBadInputReliabilityTests: RxTestCase {
    func testATimerWithANeverPeriodFiresOnceAndNeverCompletes() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Int>.timer(.seconds(30), period: .never, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(230, 0)])
    }

    func testNeverTimesOnADispatchSchedulerHoldOnlyTheSubscriptionUntilDisposed() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "reliability.never")
        let probe = DeliveryProbe<Int>()
        let baseline = Resources.total
        let timer = probe.subscribe(Observable<Int>.timer(.never, scheduler: scheduler))
        let interval = probe.subscribe(Observable<Int>.interval(.never, scheduler: scheduler))
        let periodic = probe.subscribe(Observable<Int>.timer(.never, period: .milliseconds(1), scheduler: scheduler))

        let drained = expectation(description: "queue had time to fire")
        _ = scheduler.scheduleRelative((), dueTime: .milliseconds(20)) { _ in
            drained.fulfill()
            return Disposables.create()
        }
        wait(for: [drained], timeout: 5)
        XCTAssertEqual(probe.events.count, 0)
        timer.dispose()
        interval.dispose()
        periodic.dispose()
        XCTAssertEqual(Resources.waitForTotal(toReturnTo: baseline), 0, "nothing kept once disposed")
        XCTAssertEqual(probe.disposedCount, 3)
    }

    func testDisposingATrampolinedSequenceFromInsideOnNextStopsIt() {
        var received: [Int] = []
        var completed = false
        // Inside a running trampoline, subscribe returns before the first element, so the
        // handler can reach the subscription while elements are still being delivered.
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            let holder = SingleAssignmentDisposable()
            holder.setDisposable(
                Observable.from(0...).subscribe(
                    onNext: { value in
                        received.append(value)
                        if value == 2 {
                            holder.dispose()
                        }
                    }, onCompleted: { completed = true }))
            return Disposables.create()
        }

        XCTAssertEqual(received, [0, 1, 2])
        XCTAssertFalse(completed)
    }

    func testResubscribingAPipelineFromInsideItsOwnOnNextRunsBothToTheEnd() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        let pipeline = xs.map { $0 * 10 }.filter { $0 > 0 }.take(3)
        let outer = scheduler.createObserver(Int.self)
        let inner = scheduler.createObserver(Int.self)
        var subscriptions: [any Disposable] = []
        scheduler.scheduleAt(200) {
            subscriptions.append(
                pipeline.subscribe(
                    onNext: { value in
                        outer.onNext(value)
                        if value == 10 {
                            subscriptions.append(pipeline.subscribe(inner))
                        }
                    }, onCompleted: { outer.onCompleted() }))
        }
        scheduler.start()

        XCTAssertEqual(outer.events, [.next(210, 10), .next(220, 20), .next(230, 30), .completed(230)])
        XCTAssertEqual(inner.events, [.next(220, 20), .next(230, 30), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230), Subscription(210, 300)])
        subscriptions.removeAll()
    }
}
