import RxDisposables
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

@testable import RxCore
@testable import RxOperators

/// ``TimedSink`` through its own API, on virtual time: a minimal subclass that keeps the latest
/// element and sends it when the timer it restarts on each element fires (a debounce), or, with
/// `cancels`, cancels the timer on an element of value zero.
final class TimedSinkTests: RxTestCase {
    final class Settle<Observer: ObserverType>: TimedSink<Observer.Element, Observer> {
        var kept: Observer.Element?
        var fired = 0
        var released = 0
        var cancelsOn: ((Observer.Element) -> Bool)?

        override func handle(_ event: Event<Observer.Element>) {
            switch event {
            case .next(let element):
                if cancelsOn?(element) == true {
                    kept = nil
                    cancelTimer()
                    return
                }
                kept = element
                startTimer(after: .seconds(10))
            case .error(let error):
                forwardErrorAndDispose(error)
            case .completed:
                forwardCompletedAndDispose()
            }
        }

        override func timerFired() {
            fired += 1
            if let kept {
                self.kept = nil
                forwardNext(kept)
            }
        }

        override func releaseKept() {
            released += 1
            kept = nil
        }
    }

    private func settle(
        _ source: TestableObservable<Int>, on scheduler: TestScheduler, into observer: TestableObserver<Int>
    ) -> Settle<TestableObserver<Int>> {
        let sink = Settle(scheduler: scheduler, observer: observer, cancel: BooleanDisposable())
        _ = sink.subscribe(to: source.asObservable())
        return sink
    }

    func testStartingATimerReplacesTheRunningOne() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(100, 1), .next(105, 2), .next(130, 3), .completed(200)])
        let observer = scheduler.createObserver(Int.self)

        let sink = settle(source, on: scheduler, into: observer)
        scheduler.start()

        XCTAssertEqual(observer.events, [.next(115, 2), .next(140, 3), .completed(200)])
        XCTAssertEqual(sink.fired, 2, "the replaced timer never fired")
    }

    func testACancelledTimerNeverFires() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(100, 1), .next(105, 0), .completed(200)])
        let observer = scheduler.createObserver(Int.self)
        let sink = Settle(scheduler: scheduler, observer: observer, cancel: BooleanDisposable())
        sink.cancelsOn = { $0 == 0 }
        _ = sink.subscribe(to: source.asObservable())

        scheduler.start()

        XCTAssertEqual(observer.events, [.completed(200)])
        XCTAssertEqual(sink.fired, 0)
    }

    func testDisposalCancelsTheTimerSoNothingIsDeliveredAndNothingStaysScheduled() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(100, 1), .completed(300)])
        let observer = scheduler.createObserver(Int.self)
        weak var weakSink: Settle<TestableObserver<Int>>?
        do {
            let sink = settle(source, on: scheduler, into: observer)
            weakSink = sink
            scheduler.scheduleAt(105) { sink.dispose() }
        }

        scheduler.advanceTo(106)
        XCTAssertNil(weakSink, "the cancelled timer's action still holds the sink")
        scheduler.start()

        XCTAssertEqual(observer.events, [])
        XCTAssertEqual(source.subscriptions, [Subscription(0, 105)])
    }

    func testLetsGoOfWhatItKeepsOnceDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(100, 1)])
        let observer = scheduler.createObserver(Int.self)
        let sink = settle(source, on: scheduler, into: observer)

        scheduler.advanceTo(101)
        XCTAssertEqual(sink.kept, 1)
        sink.dispose()
        sink.dispose()

        XCTAssertNil(sink.kept)
        XCTAssertEqual(sink.released, 1, "released once, whatever the number of disposals")
    }

    func testAnEventSentFromInsideATimersDeliveryIsHandledAfterIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let recorder = NestingRecorder<Int>()
        let sink = Settle(scheduler: scheduler, observer: recorder, cancel: BooleanDisposable())
        recorder.onEvent = { event in
            if event.element == 1 {
                sink.onNext(2)
                XCTAssertNil(sink.kept, "the source's event ran inside the timer's delivery")
            }
        }

        sink.onNext(1)
        scheduler.start()

        XCTAssertEqual(recorder.elements, [1, 2])
        XCTAssertEqual(recorder.deepestNesting, 1)
        recorder.stop()
        sink.dispose()
    }
}
