import Dispatch
import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

/// A `create` closure that breaks the grammar (sending after its terminal event, from two
/// threads at once, or from inside its own observer) never gets anything past the terminal
/// event downstream, and the debug-build synchronization tracker names what it did.
///
/// These tests swap `Hooks.synchronizationErrorHandler`; XCTest runs them one at a time and
/// ``SynchronizationReports`` puts the previous handler back.
final class GrammarGuardReliabilityTests: RxTestCase {
    func testEventsSentAfterCompletionFromAnotherThreadReachNoOne() {
        let raw = DeliveryProbe<Int>()
        let chained = DeliveryProbe<Int>()
        let kept = Locked<[AnyObserver<Int>]>([])
        let source = Observable<Int>.create { observer in
            kept.mutate { $0.append(observer) }
            observer.onNext(1)
            observer.onCompleted()
            return Disposables.create()
        }
        let reports = SynchronizationReports.collect {
            let first = source.subscribe(raw.rawObserver)
            let second = chained.subscribe(source.map { $0 * 10 }.filter { $0 > 0 })
            let observers = UncheckedSendable(kept.value)
            kept.value = []
            let late = expectation(description: "late events sent from another thread")
            DispatchQueue.global().async {
                for observer in observers.value {
                    observer.onNext(2)
                    observer.onError(TestError.boom)
                    observer.onCompleted()
                    observer.onNext(3)
                }
                late.fulfill()
            }
            wait(for: [late], timeout: 5)
            first.dispose()
            second.dispose()
        }

        XCTAssertEqual(raw.events.map(\.description), ["next(1)", "completed"])
        XCTAssertEqual(chained.events.map(\.description), ["next(10)", "completed"])
        XCTAssertEqual(chained.disposedCount, 1)
        XCTAssertEqual(reports, [], "sending after the end is dropped before it reaches the tracker")
    }

    func testASecondThreadSendingWhileTheFirstDeliversIsReportedAndNothingFollowsTheTerminal() {
        let probe = DeliveryProbe<Int>()
        let firstInside = DispatchSemaphore(value: 0)
        let releaseFirst = DispatchSemaphore(value: 0)
        let kept = Locked<AnyObserver<Int>?>(nil)
        // Holds the delivery of next(1) open until this test has sent from the other threads.
        let observer = AnyObserver<Int> { event in
            probe.record(event)
            if event.element == 1 {
                firstInside.signal()
                _ = releaseFirst.wait(timeout: .now() + 5)
            }
        }
        let reports = SynchronizationReports.collect {
            let subscription = Observable<Int>.create { observer in
                kept.value = observer
                return Disposables.create()
            }
            .subscribe(observer)
            let sender = UncheckedSendable(kept.value!)
            kept.value = nil
            let firstDelivered = expectation(description: "next(1) delivered on another thread")
            DispatchQueue.global().async {
                sender.value.onNext(1)
                firstDelivered.fulfill()
            }
            XCTAssertEqual(firstInside.wait(timeout: .now() + 5), .success)

            sender.value.onCompleted()
            sender.value.onNext(2)
            sender.value.onError(TestError.boom)
            let thirdThread = expectation(description: "a third thread sent after the terminal event")
            DispatchQueue.global().async {
                sender.value.onNext(3)
                sender.value.onCompleted()
                thirdThread.fulfill()
            }
            wait(for: [thirdThread], timeout: 5)
            releaseFirst.signal()
            wait(for: [firstDelivered], timeout: 5)
            subscription.dispose()
        }

        XCTAssertEqual(probe.events.map(\.description), ["next(1)", "completed"])
        #if DEBUG
            XCTAssertEqual(
                reports,
                [
                    """
                    Rx grammar violation: a `completed` event reached `create` \
                    (AnonymousObservableSink<AnyObserver<Int>>, the sink of an Observable<Int>) from a second thread while another thread was still \
                    delivering to it. An observable must send its events one at a time: make its producer \
                    serialize its calls to the observer (a lock around them, or one serial queue that makes \
                    them all). Reported once per subscription.
                    """
                ])
        #else
            XCTAssertEqual(reports, [])
        #endif
    }

    func testAProducerSendingFromManyThreadsThroughAChainIsReportedOnceAtTheStageNearestIt() {
        let firstInside = DispatchSemaphore(value: 0)
        let othersDone = DispatchSemaphore(value: 0)
        let delivered = Counter()
        let kept = Locked<AnyObserver<Int>?>(nil)
        let threads = 4
        let perThread = 250
        let reports = SynchronizationReports.collect {
            let subscription = Observable<Int>.create { observer in
                kept.value = observer
                return Disposables.create()
            }
            .map { $0 * 10 }
            .filter { $0 >= 0 }
            .subscribe(onNext: { value in
                delivered.increment()
                // The first element stays inside while every other thread sends all of its own.
                if value == 0 {
                    firstInside.signal()
                    _ = othersDone.wait(timeout: .now() + 5)
                }
            })
            let sender = UncheckedSendable(kept.value!)
            kept.value = nil
            let firstDelivered = expectation(description: "the first element delivered")
            DispatchQueue.global().async {
                sender.value.onNext(0)
                firstDelivered.fulfill()
            }
            XCTAssertEqual(firstInside.wait(timeout: .now() + 5), .success)
            DispatchQueue.concurrentPerform(iterations: threads) { thread in
                for index in 1...perThread {
                    sender.value.onNext(thread * 1_000 + index)
                }
            }
            othersDone.signal()
            wait(for: [firstDelivered], timeout: 5)
            subscription.dispose()
        }

        XCTAssertEqual(delivered.value, 1 + threads * perThread, "reported, not dropped")
        #if DEBUG
            XCTAssertEqual(
                reports,
                [
                    """
                    Rx grammar violation: a `next` event reached `create` \
                    (CreateThenMapFilterSink<Int, Int, SubscriptionObserver<Int>>, the sink of an \
                    Observable<Int>) from a second thread while another thread was still delivering to it. \
                    An observable must send its events one at a time: make its producer serialize its calls to \
                    the observer (a lock around them, or one serial queue that makes them all). Reported once \
                    per subscription.
                    """
                ])
        #else
            XCTAssertEqual(reports, [])
        #endif
    }

    func testAnEventSentFromInsideTheObserverIsReportedAsReentrancyAndStillDelivered() {
        var log: [String] = []
        let reports = SynchronizationReports.collect {
            var feedback: AnyObserver<Int>?
            let subscription = Observable<Int>.create { observer in
                feedback = observer
                observer.onNext(1)
                observer.onCompleted()
                return Disposables.create()
            }
            .subscribe(
                onNext: { value in
                    log.append("begin \(value)")
                    if value == 1 {
                        feedback?.onNext(2)
                    }
                    log.append("end \(value)")
                },
                onCompleted: { log.append("completed") })
            feedback = nil
            subscription.dispose()
        }

        XCTAssertEqual(log, ["begin 1", "begin 2", "end 2", "end 1", "completed"], "reported, not dropped")
        #if DEBUG
            XCTAssertEqual(
                reports,
                [
                    """
                    Rx grammar violation: a `next` event reached `create` \
                    (AnonymousObservableSink<SubscriptionObserver<Int>>, the sink of an Observable<Int>) while it was still delivering the previous event on the \
                    same thread (reentrancy): an observer sent an event back into its own source. Break the \
                    cycle, or send the new event later through a scheduler (observe(on:) a serial \
                    scheduler). Reported once per subscription.
                    """
                ])
        #else
            XCTAssertEqual(reports, [])
        #endif
    }

    func testObserveOnASerialSchedulerTurnsAReentrantEmissionIntoALaterDelivery() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "reliability.reentrant")
        let kept = Locked<AnyObserver<Int>?>(nil)
        let log = Locked<[String]>([])
        let reports = SynchronizationReports.collect {
            let third = expectation(description: "third element handled")
            // Every send to the create observer happens on the scheduler's queue, one after
            // another, so the only overlap there could be is the reentrant one.
            let subscription = Observable<Int>.create { observer in
                kept.value = observer
                _ = scheduler.schedule(()) { _ in
                    observer.onNext(1)
                    return Disposables.create()
                }
                return Disposables.create()
            }
            .observe(on: scheduler)
            .subscribe(onNext: { value in
                log.mutate { $0.append("begin \(value)") }
                if value < 3 {
                    kept.value?.onNext(value + 1)
                }
                log.mutate { $0.append("end \(value)") }
                if value == 3 {
                    third.fulfill()
                }
            })
            wait(for: [third], timeout: 5)
            subscription.dispose()
            kept.value = nil
        }

        XCTAssertEqual(log.value, ["begin 1", "end 1", "begin 2", "end 2", "begin 3", "end 3"])
        XCTAssertEqual(reports, [], "nothing is reentrant once observe(on:) queues the emission")
    }

    func testTerminalEventsRacingFromManyThreadsEndTheSubscriptionExactlyOnce() {
        _ = SynchronizationReports.collect {
            for round in 0..<100 {
                let probe = DeliveryProbe<Int>()
                let cleanups = Counter()
                let kept = Locked<AnyObserver<Int>?>(nil)
                let source = Observable<Int>.create { observer in
                    kept.value = observer
                    return Disposables.create { cleanups.increment() }
                }
                let subscription = probe.subscribe(source.map { $0 + 1 }.filter { _ in true })
                let observer = UncheckedSendable(kept.value!)
                kept.value = nil
                DispatchQueue.concurrentPerform(iterations: 6) { thread in
                    observer.value.onNext(thread)
                    if thread.isMultiple(of: 2) {
                        observer.value.onCompleted()
                    } else {
                        observer.value.onError(TestError.boom)
                    }
                    // Sent after this thread's own terminal call returned, so after the
                    // sequence ended whichever terminal event won: always dropped.
                    observer.value.onNext(thread + 100)
                }
                subscription.dispose()

                XCTAssertEqual(probe.terminalCount, 1, "round \(round)")
                XCTAssertTrue(probe.elements.allSatisfy { (1...6).contains($0) }, "round \(round): \(probe.elements)")
                XCTAssertEqual(cleanups.value, 1, "round \(round)")
                XCTAssertEqual(probe.disposedCount, 1, "round \(round)")
            }
        }
    }
}
