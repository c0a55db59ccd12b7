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
final class OperatorStressReliabilityTests: RxTestCase {
    private let concurrent = ConcurrentDispatchQueueScheduler(
        queue: DispatchQueue(label: "reliability.concurrent", attributes: .concurrent))
    private let serial = SerialDispatchQueueScheduler(internalSerialQueueName: "reliability.serial")
    private let disposers = DispatchQueue(label: "reliability.disposers", attributes: .concurrent)

    /// Disposes `subscription` on another thread after `delay` microseconds, then tells the probe
    /// that `dispose()` has returned.
    private func dispose<Element>(
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
    private func assertSettled(at baseline: Int32, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(
            Resources.waitForTotal(toReturnTo: baseline, timeout: .seconds(5)), 0, "framework objects still alive",
            file: file, line: line)
    }

    /// Waits, bounded, until every probe has seen at least one delivery, so a disposal that
    /// follows meets busy subscriptions.
    private func waitUntilBusy<Element>(
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
    private static func startThread(_ body: @escaping @Sendable () -> Void) {
        let thread = Thread(block: body)
        thread.start()
    }

    /// A `create` whose closure emits 0, 1, 2, ... from a thread of its own until its
    /// subscription is disposed. Before each element it checks whether the probe has been told
    /// that `dispose()` returned, and notes the first element it sent after that.
    private func busyProducer(
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
    private func assertStoppedCleanly(
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

    func testSequenceOnAConcurrentQueueDisposedWhileEmittingDeliversAnOrderedPrefix() {
        let count = 5_000
        let source = Observable.from(Array(0..<count), scheduler: concurrent)
        let baseline = Resources.total
        for round in 0..<40 {
            let probe = DeliveryProbe<Int>()
            let subscription = probe.subscribe(source)
            wait(for: [dispose(subscription, of: probe, afterMicroseconds: round % 8 * 200)], timeout: 5)
            assertSettled(at: baseline)

            let elements = probe.elements
            XCTAssertEqual(elements, Array(0..<elements.count), "round \(round)")
            if probe.events.contains(where: \.isCompleted) {
                XCTAssertEqual(elements.count, count, "completion only after every element, round \(round)")
            }
            XCTAssertEqual(probe.eventsAfterTerminal, 0, "round \(round)")
            XCTAssertLessThanOrEqual(probe.deliveriesAfterDispose, 1, "round \(round)")
            XCTAssertEqual(probe.overlaps, 0, "round \(round)")
            XCTAssertEqual(probe.disposedCount, 1, "round \(round)")
        }
    }

    func testIntervalsDisposedWhileTickingDeliverConsecutiveTicksAndStop() {
        let baseline = Resources.total
        var probes: [DeliveryProbe<Int>] = []
        var disposals: [XCTestExpectation] = []
        for index in 0..<24 {
            let scheduler: any SchedulerType = index.isMultiple(of: 2) ? serial : concurrent
            let probe = DeliveryProbe<Int>()
            let subscription = probe.subscribe(Observable<Int>.interval(.milliseconds(1), scheduler: scheduler))
            probes.append(probe)
            disposals.append(dispose(subscription, of: probe, afterMicroseconds: index % 6 * 1_000))
        }
        wait(for: disposals, timeout: 5)
        assertSettled(at: baseline)

        for (index, probe) in probes.enumerated() {
            assertStoppedCleanly(probe, "interval \(index)")
        }
    }

    func testOneOffTimersDisposedAroundTheirDueTimeSendAPrefixOfZeroThenCompleted() {
        let baseline = Resources.total
        var probes: [DeliveryProbe<Int>] = []
        var disposals: [XCTestExpectation] = []
        for index in 0..<60 {
            let scheduler: any SchedulerType = index.isMultiple(of: 2) ? serial : concurrent
            let probe = DeliveryProbe<Int>()
            let subscription = probe.subscribe(Observable<Int>.timer(.microseconds(500), scheduler: scheduler))
            probes.append(probe)
            disposals.append(dispose(subscription, of: probe, afterMicroseconds: index % 10 * 100))
        }
        wait(for: disposals, timeout: 5)
        assertSettled(at: baseline)

        let allowed: Set<[String]> = [[], ["next(0)"], ["next(0)", "completed"]]
        for (index, probe) in probes.enumerated() {
            let events = probe.events.map(\.description)
            XCTAssertTrue(allowed.contains(events), "timer \(index): \(events)")
            XCTAssertLessThanOrEqual(probe.deliveriesAfterDispose, 1, "timer \(index)")
            XCTAssertEqual(probe.disposedCount, 1, "timer \(index)")
        }
    }

    func testScheduledShortSequencesDisposedWhileTheyRunSendAPrefixOfTheirEvents() {
        let sources: [(name: String, make: () -> Observable<Int>, events: [String])] = [
            ("just", { Observable.just(1, scheduler: self.concurrent) }, ["next(1)", "completed"]),
            (
                "from(optional:)", { Observable.from(optional: 1, scheduler: self.concurrent) },
                ["next(1)", "completed"]
            ),
            (
                "of", { Observable.of(1, 2, 3, scheduler: self.concurrent) },
                ["next(1)", "next(2)", "next(3)", "completed"]
            ),
            (
                "range", { Observable.range(start: 1, count: 3, scheduler: self.concurrent) },
                ["next(1)", "next(2)", "next(3)", "completed"]
            ),
        ]
        let baseline = Resources.total
        var runs: [(name: String, probe: DeliveryProbe<Int>, events: [String])] = []
        var disposals: [XCTestExpectation] = []
        for index in 0..<160 {
            let (name, make, events) = sources[index % sources.count]
            let probe = DeliveryProbe<Int>()
            let subscription = probe.subscribe(make())
            disposals.append(dispose(subscription, of: probe, afterMicroseconds: index % 9 * 40))
            runs.append((name, probe, events))
        }
        wait(for: disposals, timeout: 5)
        assertSettled(at: baseline)

        for (index, run) in runs.enumerated() {
            let seen = run.probe.events.map(\.description)
            XCTAssertEqual(seen, Array(run.events.prefix(seen.count)), "\(run.name) \(index)")
            XCTAssertLessThanOrEqual(run.probe.deliveriesAfterDispose, 1, "\(run.name) \(index)")
            XCTAssertEqual(run.probe.overlaps, 0, "\(run.name) \(index)")
            XCTAssertEqual(run.probe.disposedCount, 1, "\(run.name) \(index)")
        }
    }

    func testSubscribeOnDisposedWhileItsScheduledSubscriptionRunsCleansUpEverySubscriptionOnce() {
        let subscribed = Counter()
        let cleanedUp = Counter()
        let source = Observable<Int>.create { observer in
            subscribed.increment()
            observer.onNext(1)
            return Disposables.create { cleanedUp.increment() }
        }
        .subscribe(on: concurrent)
        let baseline = Resources.total
        var probes: [DeliveryProbe<Int>] = []
        var disposals: [XCTestExpectation] = []
        for index in 0..<200 {
            let probe = DeliveryProbe<Int>()
            let subscription = probe.subscribe(source)
            disposals.append(dispose(subscription, of: probe, afterMicroseconds: index % 10 * 30))
            probes.append(probe)
        }
        wait(for: disposals, timeout: 5)
        // The source's disposal is itself scheduled; settling waits for it too.
        assertSettled(at: baseline)

        XCTAssertLessThanOrEqual(subscribed.value, probes.count)
        XCTAssertEqual(cleanedUp.value, subscribed.value, "every subscription that happened was cleaned up once")
        for (index, probe) in probes.enumerated() {
            XCTAssertTrue([[], [1]].contains(probe.elements), "subscription \(index): \(probe.elements)")
            XCTAssertEqual(probe.terminalCount, 0, "subscription \(index)")
            XCTAssertEqual(probe.disposedCount, 1, "subscription \(index)")
        }
    }

    func testACreateProducerOnItsOwnThreadIsSilencedOnceDisposeReturns() {
        for round in 0..<30 {
            let probe = DeliveryProbe<Int>()
            let cleanups = Counter()
            let firstSentAfterDispose = Locked<Int?>(nil)
            let finished = expectation(description: "producer finished")
            let source = busyProducer(
                reportingTo: probe, cleanups: cleanups, firstSentAfterDispose: firstSentAfterDispose, finished: finished
            )
            let baseline = Resources.total
            let subscription = probe.subscribe(source)
            wait(for: [dispose(subscription, of: probe, afterMicroseconds: round % 5 * 300), finished], timeout: 5)
            assertSettled(at: baseline)

            assertStoppedCleanly(probe, "round \(round)")
            if let first = firstSentAfterDispose.value {
                XCTAssertLessThanOrEqual(
                    probe.elements.count, first, "an element sent after dispose arrived, round \(round)")
            }
            XCTAssertEqual(cleanups.value, 1, "the closure's disposable runs once, round \(round)")
        }
    }

    func testObserveOnDeliversEverythingFromProducersTakingTurnsOnSeveralThreads() {
        assertObserveOnDeliversEverything(synchronized: true)
    }

    /// Regression test for a drain started late replacing (and so cancelling) a newer one.
    func testObserveOnDeliversEverythingFromUnsynchronizedProducerThreads() {
        assertObserveOnDeliversEverything(synchronized: false)
    }

    /// Four producer threads send 250 elements each, then completion, through `observe(on:)` on
    /// a serial, a concurrent and an operation-queue scheduler: every element arrives, each
    /// producer's in its order, one at a time, and completion last.
    private func assertObserveOnDeliversEverything(
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

    func testObserveOnDisposedWhileSeveralThreadsSendDeliversNothingSentAfterDisposeReturned() {
        let schedulers: [(name: String, scheduler: any ImmediateSchedulerType)] = [
            ("serial", serial), ("concurrent", concurrent),
        ]
        let producers = 3
        _ = SynchronizationReports.collect {
            for (name, scheduler) in schedulers {
                for round in 0..<8 {
                    let probe = DeliveryProbe<Int>()
                    let cleanups = Counter()
                    let stop = BooleanDisposable()
                    let kept = Locked<AnyObserver<Int>?>(nil)
                    let source = Observable<Int>.create { observer in
                        kept.value = observer
                        return Disposables.create {
                            cleanups.increment()
                            stop.dispose()
                        }
                    }
                    let pipeline = source.observe(on: scheduler)
                    let baseline = Resources.total
                    let subscription = probe.subscribe(pipeline)
                    let firstSentAfterDispose = Locked<[Int: Int]>([:])
                    let sent = expectation(description: "producers stopped")
                    sent.expectedFulfillmentCount = producers
                    // Only the producer threads keep the observer (and so the sinks) alive.
                    let observer = UncheckedSendable(kept.value!)
                    kept.value = nil
                    for producer in 0..<producers {
                        Self.startThread {
                            var index = 0
                            var sawDispose = false
                            while !stop.isDisposed, index < 1_000_000 {
                                if !sawDispose, probe.hasDisposeReturned {
                                    sawDispose = true
                                    firstSentAfterDispose.mutate { $0[producer] = index }
                                }
                                observer.value.onNext(producer * 10_000_000 + index)
                                index += 1
                            }
                            sent.fulfill()
                        }
                    }
                    _ = consume observer
                    wait(
                        for: [dispose(subscription, of: probe, afterMicroseconds: 300 + round * 150), sent], timeout: 5)
                    assertSettled(at: baseline)

                    let elements = probe.elements
                    for producer in 0..<producers {
                        let fromProducer = elements.filter { $0 / 10_000_000 == producer }.map { $0 % 10_000_000 }
                        XCTAssertEqual(
                            fromProducer, Array(0..<fromProducer.count), "producer \(producer), \(name), round \(round)"
                        )
                        if let first = firstSentAfterDispose.value[producer] {
                            XCTAssertLessThanOrEqual(
                                fromProducer.count, first, "sent after dispose, yet delivered: \(name), round \(round)")
                        }
                    }
                    XCTAssertEqual(probe.terminalCount, 0, "\(name), round \(round)")
                    XCTAssertLessThanOrEqual(probe.deliveriesAfterDispose, 1, "\(name), round \(round)")
                    XCTAssertEqual(probe.overlaps, 0, "\(name), round \(round)")
                    XCTAssertEqual(probe.disposedCount, 1, "\(name), round \(round)")
                    XCTAssertEqual(cleanups.value, 1, "\(name), round \(round)")
                }
            }
        }
    }

    func testADisposeBagReleasedOnAnotherThreadStopsEveryBusySubscriptionOnce() {
        let baseline = Resources.total
        for round in 0..<6 {
            let bag = Locked<DisposeBag?>(DisposeBag())
            let cleanups = Counter()
            let producersFinished = expectation(description: "producers finished")
            producersFinished.expectedFulfillmentCount = 3
            var probes: [DeliveryProbe<Int>] = []
            var firstSentAfterRelease: [Locked<Int?>] = []
            for index in 0..<6 {
                let probe = DeliveryProbe<Int>()
                let first = Locked<Int?>(nil)
                let source: Observable<Int> =
                    switch index {
                    case 0: .interval(.milliseconds(1), scheduler: serial)
                    case 1: .interval(.milliseconds(1), scheduler: concurrent)
                    case 2: Observable.from(0..., scheduler: concurrent)
                    default:
                        busyProducer(
                            reportingTo: probe, cleanups: cleanups, firstSentAfterDispose: first,
                            finished: producersFinished)
                    }
                bag.mutate { $0?.insert(probe.subscribe(source)) }
                probes.append(probe)
                firstSentAfterRelease.append(first)
            }
            waitUntilBusy(probes)

            let released = expectation(description: "bag released on another thread")
            let members = probes
            disposers.async {
                bag.value = nil
                for probe in members { probe.markDisposeReturned() }
                released.fulfill()
            }
            wait(for: [released, producersFinished], timeout: 5)
            assertSettled(at: baseline)

            for (index, probe) in probes.enumerated() {
                assertStoppedCleanly(probe, "member \(index), round \(round)")
                if let first = firstSentAfterRelease[index].value {
                    XCTAssertLessThanOrEqual(probe.elements.count, first, "member \(index), round \(round)")
                }
            }
            XCTAssertEqual(cleanups.value, 3, "round \(round)")
        }
    }

    func testOnePipelineSubscribedFromManyThreadsAtOnceGivesEverySubscriberTheSameEvents() {
        let pipeline = UncheckedSendable(Observable.of(1, 2, 3, 4, 5).map { $0 * 2 }.filter { $0 != 4 }.take(3))
        let results = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<50 {
                var seen: [String] = []
                let subscription = pipeline.value.subscribe(
                    onNext: { seen.append("\($0)") }, onCompleted: { seen.append("completed") },
                    onDisposed: { seen.append("disposed") })
                subscription.dispose()
                let line = seen.joined(separator: " ")
                results.mutate { $0.append(line) }
            }
        }
        XCTAssertEqual(results.value.count, 400)
        XCTAssertEqual(Set(results.value), ["2 6 8 completed disposed"])
    }
}
