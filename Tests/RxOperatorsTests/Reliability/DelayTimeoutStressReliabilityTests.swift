import Dispatch
import Foundation
import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

/// `delay(_:scheduler:)` and `timeout(_:other:scheduler:)` with the source sending on one thread
/// while their timers fire on a dispatch queue: downstream is called one event at a time, in
/// order, with exactly one terminal event and nothing after it, and every sink is gone at the
/// end. Run under `swift test --sanitize=thread`.
final class DelayTimeoutStressReliabilityTests: RxTestCase {
    private let rounds = 30
    private let count = 1_000
    private let key = DispatchSpecificKey<Int>()

    private func makeScheduler() -> SerialDispatchQueueScheduler {
        SerialDispatchQueueScheduler(
            internalSerialQueueName: "delay-timeout-stress",
            serialQueueConfiguration: { [key] in
                $0.setSpecific(key: key, value: 1)
            })
    }

    /// A sequence whose single subscriber's observer is handed to the test, to send from any thread.
    private func capturedSource<Element>() -> (Observable<Element>, Locked<AnyObserver<Element>?>) {
        let kept = Locked<AnyObserver<Element>?>(nil)
        let source = Observable<Element>.create { observer in
            kept.value = observer
            return Disposables.create()
        }
        return (source, kept)
    }

    /// Spins, for at most 10 s, until `probe` has seen a terminal event.
    private static func waitForTerminal<Element>(_ probe: DeliveryProbe<Element>) {
        let deadline = Date().addingTimeInterval(10)
        while probe.terminalCount == 0, Date() < deadline {}
    }

    /// Spins for about `microseconds`.
    private static func pause(microseconds: Int) {
        let until = DispatchTime.now().uptimeNanoseconds + UInt64(microseconds) * 1_000
        while DispatchTime.now().uptimeNanoseconds < until {}
    }

    func testDelayStressSendsEverythingInOrderOnTheSchedulerWhileTheSourceSendsOnAnotherThread() {
        let scheduler = makeScheduler()
        for round in 0..<rounds {
            let (source, kept) = capturedSource() as (Observable<Int>, Locked<AnyObserver<Int>?>)
            let probe = DeliveryProbe<Int>()
            let offQueue = Locked(0)
            let baseline = Resources.total
            let fails = round % 3 == 2
            let subscription = probe.subscribe(
                source.delay(.microseconds(Int.random(in: 0...200)), scheduler: scheduler)
                    .do(onNext: { [key] _ in
                        if DispatchQueue.getSpecific(key: key) != 1 { offQueue.mutate { $0 += 1 } }
                    }))
            do {
                let handle = UncheckedSendable(kept.value!)
                kept.value = nil
                let total = count
                let sent = DispatchSemaphore(value: 0)
                DispatchQueue.global().async {
                    for value in 0..<total {
                        handle.value.onNext(value)
                        if value % 100 == 0 { Self.pause(microseconds: Int.random(in: 0...300)) }
                    }
                    if fails {
                        handle.value.onError(TestError.boom)
                    } else {
                        handle.value.onCompleted()
                    }
                    sent.signal()
                }
                XCTAssertEqual(sent.wait(timeout: .now() + 10), .success, "round \(round)")
            }
            Self.waitForTerminal(probe)
            subscription.dispose()
            // The queue's thread may send the terminal event, and then runs onDisposed after the probe saw it.
            probe.waitForOnDisposed()

            let elements = probe.elements
            if fails {
                // The error passes at once: the elements still waiting are dropped.
                XCTAssertEqual(elements, Array(0..<elements.count), "an ordered prefix, round \(round)")
                XCTAssertEqual(probe.events.last?.error as? TestError, .boom, "round \(round)")
            } else {
                XCTAssertEqual(elements, Array(0..<count), "every element in order, round \(round)")
                XCTAssertEqual(probe.events.last?.isCompleted, true, "round \(round)")
            }
            XCTAssertEqual(offQueue.value, 0, "every element sent on the scheduler's queue, round \(round)")
            XCTAssertEqual(probe.terminalCount, 1, "round \(round)")
            XCTAssertEqual(probe.eventsAfterTerminal, 0, "round \(round)")
            XCTAssertEqual(probe.overlaps, 0, "round \(round)")
            XCTAssertEqual(probe.disposedCount, 1, "round \(round)")
            XCTAssertEqual(
                Resources.waitForTotal(toReturnTo: baseline, timeout: .seconds(5)), 0,
                "sinks still alive, round \(round)")
        }
    }

    func testDelayStressDisposedWhileTheSourceSendsAndTheTimerFiresSendsAnOrderedPrefix() {
        let scheduler = makeScheduler()
        for round in 0..<rounds {
            let (source, kept) = capturedSource() as (Observable<Int>, Locked<AnyObserver<Int>?>)
            let probe = DeliveryProbe<Int>()
            let baseline = Resources.total
            let subscription = probe.subscribe(source.delay(.microseconds(50), scheduler: scheduler))
            do {
                let handle = UncheckedSendable(kept.value!)
                kept.value = nil
                let total = count
                let started = DispatchSemaphore(value: 0)
                let sent = DispatchSemaphore(value: 0)
                DispatchQueue.global().async {
                    for value in 0..<total {
                        handle.value.onNext(value)
                        if value == 10 { started.signal() }
                    }
                    sent.signal()
                }
                XCTAssertEqual(started.wait(timeout: .now() + 10), .success, "round \(round)")
                Self.pause(microseconds: Int.random(in: 0...500))
                subscription.dispose()
                probe.markDisposeReturned()
                XCTAssertEqual(sent.wait(timeout: .now() + 10), .success, "round \(round)")
            }

            let elements = probe.elements
            XCTAssertEqual(elements, Array(0..<elements.count), "an ordered prefix, round \(round)")
            XCTAssertEqual(probe.terminalCount, 0, "round \(round)")
            XCTAssertLessThanOrEqual(probe.deliveriesAfterDispose, 1, "only one in flight, round \(round)")
            XCTAssertEqual(probe.overlaps, 0, "round \(round)")
            XCTAssertEqual(probe.disposedCount, 1, "round \(round)")
            XCTAssertEqual(
                Resources.waitForTotal(toReturnTo: baseline, timeout: .seconds(5)), 0,
                "sinks still alive, round \(round)")
        }
    }

    func testTimeoutStressASourceRacingTheTimerIsNeverPassedOnAfterTheSwitch() {
        let scheduler = makeScheduler()
        var switches = 0
        for round in 0..<rounds * 2 {
            let (source, kept) = capturedSource() as (Observable<Int>, Locked<AnyObserver<Int>?>)
            // Made before the baseline: an observable is counted as long as it lives.
            let other = Observable.of(-1, -2, -3)
            let probe = DeliveryProbe<Int>()
            let baseline = Resources.total
            let subscription = probe.subscribe(
                source.timeout(.microseconds(300), other: other, scheduler: scheduler))
            do {
                let handle = UncheckedSendable(kept.value!)
                kept.value = nil
                let total = count
                let sent = DispatchSemaphore(value: 0)
                DispatchQueue.global().async {
                    for value in 0..<total {
                        handle.value.onNext(value)
                        // Now and then a gap around the due time, for the timer to race.
                        if value % 50 == 49 { Self.pause(microseconds: Int.random(in: 200...400)) }
                    }
                    handle.value.onCompleted()
                    sent.signal()
                }
                XCTAssertEqual(sent.wait(timeout: .now() + 10), .success, "round \(round)")
            }
            Self.waitForTerminal(probe)
            subscription.dispose()
            // The queue's thread may send the completion (after the switch, always), and then runs
            // onDisposed after the probe saw it.
            probe.waitForOnDisposed()

            let elements = probe.elements
            let fromSource = Array(elements.prefix(while: { $0 >= 0 }))
            XCTAssertEqual(fromSource, Array(0..<fromSource.count), "the source's in order, round \(round)")
            if fromSource.count < elements.count {
                switches += 1
                XCTAssertEqual(
                    Array(elements[fromSource.count...]), [-1, -2, -3],
                    "after the switch only the other sequence's, round \(round)")
            } else {
                XCTAssertEqual(fromSource.count, count, "round \(round)")
            }
            XCTAssertEqual(probe.events.last?.isCompleted, true, "round \(round)")
            XCTAssertEqual(probe.terminalCount, 1, "round \(round)")
            XCTAssertEqual(probe.eventsAfterTerminal, 0, "round \(round)")
            XCTAssertEqual(probe.overlaps, 0, "round \(round)")
            XCTAssertEqual(probe.disposedCount, 1, "round \(round)")
            XCTAssertEqual(
                Resources.waitForTotal(toReturnTo: baseline, timeout: .seconds(5)), 0,
                "sinks still alive, round \(round)")
        }
        XCTAssertGreaterThan(switches, 0, "the timer won some races")
    }

    func testTimeoutStressATimeoutRacingTheSourcesCompletionEndsOnce() {
        let scheduler = makeScheduler()
        for round in 0..<rounds * 2 {
            let (source, kept) = capturedSource() as (Observable<Int>, Locked<AnyObserver<Int>?>)
            let probe = DeliveryProbe<Int>()
            let baseline = Resources.total
            let subscription = probe.subscribe(source.timeout(.microseconds(200), scheduler: scheduler))
            do {
                let handle = UncheckedSendable(kept.value!)
                kept.value = nil
                let sent = DispatchSemaphore(value: 0)
                DispatchQueue.global().async {
                    Self.pause(microseconds: Int.random(in: 100...300))
                    handle.value.onNext(1)
                    handle.value.onCompleted()
                    sent.signal()
                }
                XCTAssertEqual(sent.wait(timeout: .now() + 10), .success, "round \(round)")
            }
            Self.waitForTerminal(probe)
            subscription.dispose()

            let events = probe.events
            if events.last?.isCompleted == true {
                XCTAssertEqual(probe.elements, [1], "round \(round)")
            } else {
                XCTAssertTrue(events.last?.error is RxError, "a timeout, round \(round)")
                XCTAssertLessThanOrEqual(probe.elements.count, 1, "round \(round)")
            }
            XCTAssertEqual(probe.terminalCount, 1, "round \(round)")
            XCTAssertEqual(probe.eventsAfterTerminal, 0, "round \(round)")
            XCTAssertEqual(probe.overlaps, 0, "round \(round)")
            XCTAssertEqual(
                Resources.waitForTotal(toReturnTo: baseline, timeout: .seconds(5)), 0,
                "sinks still alive, round \(round)")
        }
    }
}
