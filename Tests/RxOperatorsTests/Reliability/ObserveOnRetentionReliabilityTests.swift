import Dispatch
import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

/// `observe(on:)` keeps an element only while it waits to be delivered: a delivered element is
/// released at once even when the queue never empties, nothing is released or sent into the
/// chain under the operator's lock, and nothing is queued or scheduled after `dispose()`.
final class ObserveOnRetentionReliabilityTests: RxTestCase {
    func testADeliveredElementIsReleasedWhileTheProducerStaysAhead() {
        let live = Counter()
        let scheduler = StepScheduler()
        var captured: AnyObserver<LiveElement>?
        let delivered = Counter()
        let subscription = Observable<LiveElement>.create { observer in
            captured = observer
            return Disposables.create()
        }
        .observe(on: scheduler)
        .subscribe(onNext: { _ in delivered.increment() })
        let observer = captured!
        captured = nil

        // Two ahead, then one more per delivery: the queue is never empty.
        observer.onNext(LiveElement(0, live: live))
        observer.onNext(LiveElement(1, live: live))
        for value in 2..<1_002 {
            scheduler.step()
            observer.onNext(LiveElement(value, live: live))
        }

        XCTAssertEqual(delivered.value, 1_000)
        XCTAssertLessThanOrEqual(live.value, 2, "only the elements not yet delivered may stay alive")
        subscription.dispose()
        scheduler.discardAll()
        XCTAssertEqual(live.value, 0, "disposal releases the elements still queued")
    }

    func testAnElementWhoseReleaseSendsIntoTheChainDoesNotDeadlockOrCrash() {
        let live = Counter()
        let scheduler = StepScheduler()
        let kept = Locked<AnyObserver<LiveElement>?>(nil)
        let received = Locked<[Int]>([])
        let subscription = Observable<LiveElement>.create { observer in
            kept.value = observer
            return Disposables.create()
        }
        .observe(on: scheduler)
        .subscribe(onNext: { element in received.mutate { $0.append(element.value) } })
        let observer = UncheckedSendable(kept.value!)

        // Each element, as it dies, sends the next one into the same chain.
        for value in 0..<3 {
            observer.value.onNext(
                LiveElement(value, live: live) {
                    observer.value.onNext(LiveElement(100 + value, live: live))
                })
        }
        while scheduler.step() {}

        XCTAssertEqual(received.value, [0, 1, 2, 100, 101, 102])
        subscription.dispose()
        scheduler.discardAll()
        kept.value = nil
        XCTAssertEqual(live.value, 0)
    }

    func testElementsReleasedByDisposalMaySendIntoTheChain() {
        let live = Counter()
        let scheduler = StepScheduler()
        let kept = Locked<AnyObserver<LiveElement>?>(nil)
        let subscription = Observable<LiveElement>.create { observer in
            kept.value = observer
            return Disposables.create()
        }
        .observe(on: scheduler)
        .subscribe()
        let observer = UncheckedSendable(kept.value!)
        for value in 0..<3 {
            observer.value.onNext(
                LiveElement(value, live: live) {
                    observer.value.onNext(LiveElement(100 + value, live: live))
                })
        }

        // The queued elements die in dispose(); what they send is dropped, not queued.
        subscription.dispose()
        scheduler.discardAll()
        kept.value = nil
        XCTAssertEqual(live.value, 0)
    }

    func testNothingIsQueuedAfterDispose() {
        let live = Counter()
        let scheduler = StepScheduler()
        let kept = Locked<AnyObserver<LiveElement>?>(nil)
        let subscription = Observable<LiveElement>.create { observer in
            kept.value = observer
            return Disposables.create()
        }
        .observe(on: scheduler)
        .subscribe()
        let observer = kept.value!
        observer.onNext(LiveElement(0, live: live))
        subscription.dispose()

        // A source that ignores disposal keeps sending.
        for value in 1...10_000 {
            observer.onNext(LiveElement(value, live: live))
        }

        XCTAssertEqual(live.value, 0, "elements sent after dispose() were kept")
        XCTAssertLessThanOrEqual(scheduler.queued, 1, "work was scheduled after dispose()")
        scheduler.discardAll()
        kept.value = nil
    }

    func testNothingIsScheduledOnASerialQueueAfterDispose() {
        let live = Counter()
        let target = DispatchQueue(label: "observe-on-after-dispose")
        let scheduler = SerialDispatchQueueScheduler(queue: target, internalSerialQueueName: "observe-on-serial")
        let kept = Locked<AnyObserver<LiveElement>?>(nil)
        let subscription = Observable<LiveElement>.create { observer in
            kept.value = observer
            return Disposables.create()
        }
        .observe(on: scheduler)
        .subscribe()
        let observer = kept.value!
        subscription.dispose()

        // The queue is held still, so a block scheduled now would keep its element alive.
        target.suspend()
        for value in 0..<1_000 {
            observer.onNext(LiveElement(value, live: live))
        }
        let aliveWhileSuspended = live.value
        target.resume()
        target.sync {}
        kept.value = nil

        XCTAssertEqual(aliveWhileSuspended, 0, "elements sent after dispose() were scheduled")
    }
}
