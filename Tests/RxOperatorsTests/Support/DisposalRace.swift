import Dispatch
import Foundation
import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Emission racing disposal on real dispatch queues. Every test is bounded in rounds and in
/// time (expectations wait at most five seconds), and asserts only what holds for every
/// interleaving:
///
/// - what is delivered is a gap-free prefix of what was sent, with no overlapping deliveries
///   and nothing after a terminal event;
/// - an element emitted after `dispose()` returned is never delivered, and once it returned at
///   most the one delivery already past its checks may still land;
/// - every subscription runs `onDisposed` and its source's cleanup exactly once, and every
///   sink and observer is gone afterwards.
///
/// What the tests of emission racing disposal share; the mirror files of `from`, `interval`, `timer`, `subscribe(on:)`, `create` and `observe(on:)` subclass it, and so do the cross-cutting ones.
class DisposalRaceTestCase: RxTestCase {
    let concurrent = ConcurrentDispatchQueueScheduler(
        queue: DispatchQueue(label: "reliability.concurrent", attributes: .concurrent))

    let serial = SerialDispatchQueueScheduler(internalSerialQueueName: "reliability.serial")

    let disposers = DispatchQueue(label: "reliability.disposers", attributes: .concurrent)

    /// Disposes `subscription` on another thread after `delay` microseconds, then tells the probe
    /// that `dispose()` has returned.
    func dispose<Element>(
        _ subscription: any Disposable, of probe: DeliveryProbe<Element>, afterMicroseconds delay: Int
    ) -> XCTestExpectation {
        let disposed = expectation(description: "disposed on another thread")
        let handle = UncheckedSendable(subscription)
        disposers.asyncAfter(deadline: .now() + .microseconds(delay)) {
            handle.value.dispose()
            probe.markDisposeReturned()
            disposed.fulfill()
        }
        return disposed
    }

    /// Waits until every sink and observer made since `baseline` is gone: after that nothing can
    /// deliver any more, so the probes hold their final record.
    func assertSettled(at baseline: Int32, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(
            Resources.waitForTotal(toReturnTo: baseline, timeout: .seconds(5)), 0, "framework objects still alive",
            file: file, line: line)
    }

    /// Waits, bounded, until every probe has seen at least one delivery, so a disposal that
    /// follows meets busy subscriptions.
    func waitUntilBusy<Element>(
        _ probes: [DeliveryProbe<Element>], file: StaticString = #filePath, line: UInt = #line
    ) {
        let deadline = DispatchTime.now() + .seconds(5)
        while probes.contains(where: { $0.deliveredCount == 0 }), DispatchTime.now() < deadline {
            usleep(200)
        }
        XCTAssertFalse(
            probes.contains { $0.deliveredCount == 0 }, "a subscription never delivered", file: file, line: line)
    }

    /// Runs `body` on a thread of its own. Busy producers must not take the dispatch pool's few
    /// threads (two on a two-core machine), which the timers and disposers of the test need.
    static func startThread(_ body: @escaping @Sendable () -> Void) {
        let thread = Thread(block: body)
        thread.start()
    }

    /// A `create` whose closure emits 0, 1, 2, ... from a thread of its own until its
    /// subscription is disposed. Before each element it checks whether the probe has been told
    /// that `dispose()` returned, and notes the first element it sent after that.
    func busyProducer(
        reportingTo probe: DeliveryProbe<Int>, cleanups: Counter, firstSentAfterDispose: Locked<Int?>,
        finished: XCTestExpectation
    ) -> Observable<Int> {
        Observable<Int>.create { observer in
            let stop = BooleanDisposable()
            let emit = UncheckedSendable(observer)
            Self.startThread {
                var next = 0
                var sawDispose = false
                while !stop.isDisposed, next < 2_000_000 {
                    if !sawDispose, probe.hasDisposeReturned {
                        sawDispose = true
                        firstSentAfterDispose.value = next
                    }
                    emit.value.onNext(next)
                    next += 1
                }
                finished.fulfill()
            }
            return Disposables.create {
                cleanups.increment()
                stop.dispose()
            }
        }
    }

    /// The checks every probe of an endless source must pass once settled.
    func assertStoppedCleanly(
        _ probe: DeliveryProbe<Int>, _ context: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        let elements = probe.elements
        XCTAssertEqual(elements, Array(0..<elements.count), "a gap-free prefix, \(context)", file: file, line: line)
        XCTAssertEqual(probe.terminalCount, 0, "no terminal event, \(context)", file: file, line: line)
        XCTAssertLessThanOrEqual(
            probe.deliveriesAfterDispose, 1, "only an in-flight delivery after dispose, \(context)", file: file,
            line: line)
        XCTAssertEqual(probe.overlaps, 0, "serial delivery, \(context)", file: file, line: line)
        XCTAssertEqual(probe.disposedCount, 1, "onDisposed once, \(context)", file: file, line: line)
    }

    /// Four producer threads send 250 elements each, then completion, through `observe(on:)` on
    /// a serial, a concurrent and an operation-queue scheduler: every element arrives, each
    /// producer's in its order, one at a time, and completion last.
    func assertObserveOnDeliversEverything(
        synchronized: Bool, file: StaticString = #filePath, line: UInt = #line
    ) {
        let operations = OperationQueue()
        operations.maxConcurrentOperationCount = 4
        let schedulers: [(name: String, scheduler: any ImmediateSchedulerType)] = [
            ("serial", serial), ("concurrent", concurrent),
            ("operation queue", OperationQueueScheduler(operationQueue: operations)),
        ]
        let producers = 4
        let perProducer = 250
        let turns = Locked(0)
        // Unsynchronized producers break the contract on purpose; the tracker's reports are
        // checked in GrammarGuardReliabilityTests and kept off standard error here.
        _ = SynchronizationReports.collect {
            for (name, scheduler) in schedulers {
                for round in 0..<3 {
                    let context = "\(name), round \(round)"
                    let probe = DeliveryProbe<Int>()
                    let kept = Locked<AnyObserver<Int>?>(nil)
                    let completed = expectation(description: "completed on \(name)")
                    let source = Observable<Int>.create { observer in
                        kept.value = observer
                        return Disposables.create()
                    }
                    let subscription = probe.subscribe(
                        source.observe(on: scheduler).do(afterCompleted: { completed.fulfill() }))
                    let observer = UncheckedSendable(kept.value!)
                    kept.value = nil
                    DispatchQueue.concurrentPerform(iterations: producers) { producer in
                        for index in 0..<perProducer {
                            if synchronized {
                                turns.mutate { _ in observer.value.onNext(producer * 1_000 + index) }
                            } else {
                                observer.value.onNext(producer * 1_000 + index)
                            }
                        }
                    }
                    observer.value.onCompleted()
                    wait(for: [completed], timeout: 5)
                    subscription.dispose()

                    let elements = probe.elements
                    XCTAssertEqual(elements.count, producers * perProducer, context, file: file, line: line)
                    for producer in 0..<producers {
                        XCTAssertEqual(
                            elements.filter { $0 / 1_000 == producer }, (0..<perProducer).map { producer * 1_000 + $0 },
                            "producer \(producer) in order, \(context)", file: file, line: line)
                    }
                    XCTAssertEqual(probe.events.last?.isCompleted, true, context, file: file, line: line)
                    XCTAssertEqual(probe.terminalCount, 1, context, file: file, line: line)
                    XCTAssertEqual(probe.overlaps, 0, context, file: file, line: line)
                    XCTAssertEqual(probe.disposedCount, 1, context, file: file, line: line)
                }
            }
        }
    }
}
