import Dispatch
import Foundation
import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

/// `debounce`, `throttle`, `take(for:)` and `skip(_:scheduler:)` with the source's elements
/// sent on the test's thread while the operator's timers fire on a serial dispatch queue:
/// downstream is called one event at a time, the elements arrive in order (with the gaps the
/// operator's rules allow), there is exactly one terminal event and nothing after it, and every
/// sink is gone at the end. Run under `swift test --sanitize=thread`.
///
/// The rounds the time operators' tests under contention share; each operator's mirror file subclasses it.
class TimeContentionTestCase: RxTestCase {
    let rounds = 30

    let count = 1_000

    /// Spins (bounded) until `condition` holds; `false` when the time ran out first.
    @discardableResult
    static func waitUntil(timeout: TimeInterval = 10, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            if Date() >= deadline { return false }
            // Gives the core to the timer's thread on a busy machine.
            sched_yield()
        }
        return true
    }

    /// Subscribes a probe to `operation` applied to a subject, sends `0..<count` and completion
    /// (or disposes instead, when `disposeMidway`) from this thread while the timers run on a
    /// dispatch queue, waits for the terminal event, and checks what every round must keep.
    /// Calling `pause(sent)` after each element lets a round wait for the timers now and then.
    func runRound(
        _ round: Int, count: Int, disposeMidway: Bool = false,
        pause: (_ sent: Int, _ probe: DeliveryProbe<Int>) -> Void = { _, _ in },
        _ operation: (Observable<Int>, any SchedulerType) -> Observable<Int>
    ) -> DeliveryProbe<Int> {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "time-stress-\(round)")
        let subject = PublishSubject<Int>()
        let probe = DeliveryProbe<Int>()
        let baseline = Resources.total
        let subscription = probe.subscribe(operation(subject.asObservable(), scheduler))
        let stopAt = disposeMidway ? Int.random(in: 0..<count) : count

        for value in 0..<stopAt {
            subject.onNext(value)
            pause(value, probe)
        }
        if disposeMidway {
            subscription.dispose()
            XCTAssertEqual(probe.terminalCount, 0, "round \(round)")
        } else {
            subject.onCompleted()
            XCTAssertTrue(Self.waitUntil { probe.terminalCount > 0 }, "the terminal event came, round \(round)")
            subscription.dispose()
            XCTAssertEqual(probe.terminalCount, 1, "round \(round)")
            XCTAssertEqual(probe.events.last?.isCompleted, true, "round \(round)")
            // A terminal event sent on the queue's thread runs onDisposed there, after the probe saw it.
            probe.waitForOnDisposed()
        }

        let elements = probe.elements
        XCTAssertEqual(elements, elements.sorted(), "in order, round \(round)")
        XCTAssertEqual(Set(elements).count, elements.count, "each element at most once, round \(round)")
        XCTAssertEqual(probe.eventsAfterTerminal, 0, "round \(round)")
        XCTAssertEqual(probe.overlaps, 0, "one event at a time, round \(round)")
        XCTAssertEqual(probe.disposedCount, 1, "round \(round)")
        XCTAssertEqual(
            Resources.waitForTotal(toReturnTo: baseline, timeout: .seconds(5)), 0, "sinks still alive, round \(round)")
        return probe
    }
}
