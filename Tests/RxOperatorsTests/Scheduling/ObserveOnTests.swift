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

final class ObserveOnTests: RxTestCase {
    func testEachEventIsDeliveredInItsOwnScheduledAction() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(240, 3), .completed(300)])

        let res = scheduler.start { xs.observe(on: scheduler) }

        XCTAssertEqual(res.events, [.next(211, 2), .next(241, 3), .completed(301)])
        // The source's own subscription ends with its completion; only delivery is moved.
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testErrorPasses() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(300, TestError.boom)])

        let res = scheduler.start { xs.observe(on: scheduler) }

        XCTAssertEqual(res.events, [.next(211, 2), .error(301, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testEventsArrivingTogetherAreDeliveredOnePerTickInOrder() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(10, 2), .next(10, 3), .completed(10)])

        let res = scheduler.start { xs.observe(on: scheduler) }

        XCTAssertEqual(res.events, [.next(211, 1), .next(212, 2), .next(213, 3), .completed(214)])
    }

    func testDisposingDropsEventsStillQueued() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(10, 2), .next(10, 3)])

        let res = scheduler.start(disposed: 212) { xs.observe(on: scheduler) }

        XCTAssertEqual(res.events, [.next(211, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 212)])
    }

    func testNothingIsQueuedAfterTheSourcesTerminalEvent() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onCompleted()
            observer.onNext(2)
            return Disposables.create()
        }

        let res = scheduler.start { source.observe(on: scheduler) }

        XCTAssertEqual(res.events, [.next(201, 1), .completed(202)])
    }

    // RxSwift 6.10's `testObserveOnDispatchQueue_EnsureCorrectImplementationIsChosen`: a serial
    // dispatch queue scheduler (the main scheduler among them) gets the implementation that hands
    // each event to the queue, any other scheduler the one with a queue of its own; the count
    // follows the sequences made, subscribed to or not.
    func testTheSerialDispatchQueueImplementationIsChosenForSerialQueuesOnly() {
        let perSequence: Int32 = Resources.isTracking ? 1 : 0
        let baseline = Resources.numberOfSerialDispatchQueueObservables
        let serial = SerialDispatchQueueScheduler(internalSerialQueueName: "observe-on.serial")
        var onSerial: Observable<Int>? = Observable.just(0).observe(on: serial)
        var onMain: Observable<Int>? = Observable.just(0).observe(on: MainScheduler.instance)
        XCTAssertEqual(Resources.numberOfSerialDispatchQueueObservables, baseline + 2 * perSequence)

        var elsewhere: [Observable<Int>]? = [
            Observable.just(0).observe(on: ConcurrentDispatchQueueScheduler(qos: .default)),
            Observable.just(0).observe(on: TestScheduler(initialClock: 0)),
            Observable.just(0).observe(on: CurrentThreadScheduler.instance),
        ]
        XCTAssertEqual(Resources.numberOfSerialDispatchQueueObservables, baseline + 2 * perSequence)

        onSerial = nil
        XCTAssertEqual(Resources.numberOfSerialDispatchQueueObservables, baseline + perSequence)
        onMain = nil
        elsewhere = nil
        XCTAssertNil(onSerial ?? onMain ?? elsewhere?.first)
        XCTAssertEqual(Resources.numberOfSerialDispatchQueueObservables, baseline)
    }

    // RxSwift 6.10's `testObserveOnDispatchQueue_DispatchQueueSchedulerIsSerial`, with the count:
    // events on a serial queue never overlap, and once the subscription is over and the sequence
    // released, the count is back.
    func testOnASerialQueueEventsNeverOverlapAndTheCountComesBack() {
        let baseline = Resources.numberOfSerialDispatchQueueObservables
        let serial = SerialDispatchQueueScheduler(internalSerialQueueName: "observe-on.serial-check")
        let running = Counter()
        let overlaps = Counter()
        let completed = expectation(description: "completed")
        var sequence: Observable<Int>? = Observable.from(
            Array(0..<200), scheduler: ConcurrentDispatchQueueScheduler(qos: .default)
        )
        .observe(on: serial)
        let subscription = sequence!.subscribe(
            onNext: { _ in
                if running.increment() != 1 { overlaps.increment() }
                running.decrement()
            },
            onCompleted: { completed.fulfill() })
        wait(for: [completed], timeout: 10)
        subscription.dispose()
        sequence = nil

        XCTAssertNil(sequence)
        XCTAssertEqual(overlaps.value, 0)
        XCTAssertEqual(Resources.numberOfSerialDispatchQueueObservables, baseline)
    }

    func testMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0, ticksPerFrame: 1)
        let xs = try scheduler.createHotObservable("^-a---b-|")

        let res = scheduler.start { xs.observe(on: scheduler) }

        assertMarbles(res, "---a---b-|")
    }

    func testOnASerialQueueEventsArriveInOrderOnThatQueue() {
        let key = DispatchSpecificKey<String>()
        let scheduler = SerialDispatchQueueScheduler(
            internalSerialQueueName: "observe-on-serial",
            serialQueueConfiguration: { $0.setSpecific(key: key, value: "serial") })
        let log = Locked<[String]>([])
        let completed = expectation(description: "completed")

        let subscription = Observable.from(0..<100).observe(on: scheduler).subscribe(
            onNext: { value in log.mutate { $0.append("\(value) on \(DispatchQueue.getSpecific(key: key) ?? "?")") } },
            onCompleted: { completed.fulfill() })

        wait(for: [completed], timeout: 5)
        subscription.dispose()
        XCTAssertEqual(log.value, (0..<100).map { "\($0) on serial" })
    }

    func testOnAConcurrentQueueEventsStillArriveOneAtATimeInOrder() {
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
        let received = Locked<[Int]>([])
        let inFlight = Counter()
        let overlaps = Counter()
        let completed = expectation(description: "completed")

        let subscription = Observable.from(0..<200).observe(on: scheduler).subscribe(
            onNext: { value in
                inFlight.increment()
                if inFlight.value > 1 {
                    overlaps.increment()
                }
                received.mutate { $0.append(value) }
                inFlight.decrement()
            },
            onCompleted: { completed.fulfill() })

        wait(for: [completed], timeout: 5)
        subscription.dispose()
        XCTAssertEqual(received.value, Array(0..<200))
        XCTAssertEqual(overlaps.value, 0)
    }

    func testEventsFromManyThreadsAreDeliveredSerially() {
        let received = Locked<[Int]>([])
        let allDelivered = expectation(description: "all delivered")
        let kept = Locked<AnyObserver<Int>?>(nil)
        let source = Observable<Int>.create { observer in
            kept.value = observer
            return Disposables.create()
        }
        let general = ConcurrentDispatchQueueScheduler(qos: .default)
        let total = 400

        let subscription = source.observe(on: general).subscribe(onNext: { value in
            received.mutate { $0.append(value) }
            if received.value.count == total {
                allDelivered.fulfill()
            }
        })
        let observer = UncheckedSendable(kept.value!)
        let senders = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 4) { sender in
            for index in 0..<(total / 4) {
                senders.mutate { _ in observer.value.onNext(sender * 1000 + index) }
            }
        }

        wait(for: [allDelivered], timeout: 5)
        subscription.dispose()
        kept.value = nil
        XCTAssertEqual(received.value.count, total)
        for sender in 0..<4 {
            let fromSender = received.value.filter { $0 / 1000 == sender }
            XCTAssertEqual(fromSender, (0..<(total / 4)).map { sender * 1000 + $0 })
        }
    }

    func testASourceSendingFromSeveralThreadsAtOnceLosesNothing() {
        // Breaking the grammar on purpose: four threads send without taking turns. Two drains
        // may then start at once, and the older one's bookkeeping must not cancel the newer.
        let reports = Counter()
        let previousHandler = Hooks.synchronizationErrorHandler
        Hooks.synchronizationErrorHandler = { _ in reports.increment() }
        defer { Hooks.synchronizationErrorHandler = previousHandler }
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
        let producers = 4
        let perProducer = 250

        for round in 0..<20 {
            let received = Locked<[Int]>([])
            let completed = expectation(description: "completed, round \(round)")
            let kept = Locked<AnyObserver<Int>?>(nil)
            let subscription = Observable<Int>.create { observer in
                kept.value = observer
                return Disposables.create()
            }
            .observe(on: scheduler)
            .subscribe(onNext: { value in received.mutate { $0.append(value) } }, onCompleted: { completed.fulfill() })
            let observer = UncheckedSendable(kept.value!)
            kept.value = nil
            DispatchQueue.concurrentPerform(iterations: producers) { producer in
                for index in 0..<perProducer {
                    observer.value.onNext(producer * 1_000 + index)
                }
            }
            observer.value.onCompleted()

            wait(for: [completed], timeout: 5)
            subscription.dispose()
            XCTAssertEqual(received.value.count, producers * perProducer, "round \(round)")
            for producer in 0..<producers {
                XCTAssertEqual(
                    received.value.filter { $0 / 1_000 == producer }, (0..<perProducer).map { producer * 1_000 + $0 },
                    "producer \(producer) in order, round \(round)")
            }
        }
    }

    func testMainSchedulerDeliversOnTheMainQueue() {
        let received = Locked<[String]>([])
        let completed = expectation(description: "completed")

        let subscription = Observable.of(1, 2)
            .subscribe(on: ConcurrentDispatchQueueScheduler(qos: .default))
            .observe(on: MainScheduler.instance)
            .subscribe(
                onNext: { value in
                    received.mutate { $0.append("\(value) on main: \(Thread.isMainThread)") }
                },
                onCompleted: { completed.fulfill() })

        wait(for: [completed], timeout: 5)
        subscription.dispose()
        XCTAssertEqual(received.value, ["1 on main: true", "2 on main: true"])
    }
}

// MARK: - Retention and disposal under contention

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

// MARK: - Under contention

/// `observe(on:)` fed from several threads, and disposed while they send.
final class ObserveOnUnderContentionTests: DisposalRaceTestCase {
    func testObserveOnDeliversEverythingFromProducersTakingTurnsOnSeveralThreads() {
        assertObserveOnDeliversEverything(synchronized: true)
    }

    /// Regression test for a drain started late replacing (and so cancelling) a newer one.
    func testObserveOnDeliversEverythingFromUnsynchronizedProducerThreads() {
        assertObserveOnDeliversEverything(synchronized: false)
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
}
