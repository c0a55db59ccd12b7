import Dispatch
import Foundation
import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import Synchronization
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The promises "a sender returns after bounded work" and "what an operator holds while
/// delivering is bounded by its semantics" (Docs/Reliability.md), for every operator that meets
/// several sources or threads in one serializer.
///
/// The pattern: the test thread sends one event whose delivery is slow — the observer holds it
/// until a second thread has started sending as fast as it can, and then a while longer. The
/// test counts the elements delivered on the test thread during its one call (its own only) and
/// the live elements at the end of the slow delivery (the fast sender's one in flight, not
/// thousands queued behind the test thread).
final class SenderBoundReliabilityTests: RxTestCase {
    private let fastElements = 20_000

    /// What one slow delivery on the calling thread let pile up.
    private struct Measure {
        /// Elements delivered on the calling thread while it sent its one event.
        var deliveredOnCaller = 0
        /// Live elements at the end of the calling thread's slow delivery.
        var liveAtEndOfSlowDelivery = 0
    }

    // @unchecked Sendable: `callerThread` is written before any delivery and only read after;
    // the rest is atomic.
    /// The observer's side of a measurement.
    private final class Probe: @unchecked Sendable {
        let live = Counter()
        let fastAttempts = Counter()
        let onCaller = Counter()
        let liveAtEnd = Atomic<Int>(-1)
        let stop = Atomic<Bool>(false)
        var callerThread = pthread_self()

        /// Called for every element delivered downstream.
        func delivered() {
            guard pthread_equal(pthread_self(), callerThread) != 0 else { return }
            guard onCaller.increment() == 1 else { return }
            // The first delivery on the calling thread is slow: it lasts until the fast thread has
            // tried to send, and 20 ms more, in which a serializer that queues other threads'
            // events behind the caller would take thousands.
            let deadline = Date().addingTimeInterval(5)
            while fastAttempts.value == 0 && Date() < deadline {
                sched_yield()
            }
            let busyUntil = Date().addingTimeInterval(0.02)
            while Date() < busyUntil {
                sched_yield()
            }
            liveAtEnd.store(live.value, ordering: .sequentiallyConsistent)
        }

        /// Starts the fast thread, which sends through `send` until stopped; returns what it
        /// signals when done.
        func startFastSender(count: Int, _ send: @escaping @Sendable (LiveElement) -> Void) -> DispatchSemaphore {
            let done = DispatchSemaphore(value: 0)
            Thread.detachNewThread { [self] in
                for index in 0..<count where !stop.load(ordering: .relaxed) {
                    fastAttempts.increment()
                    send(LiveElement(index, live: live))
                }
                done.signal()
            }
            return done
        }
    }

    /// Runs the pattern: `callerSends` runs on the test thread once the fast thread is started
    /// through `fastSends`.
    private func measure(
        _ probe: Probe, fastSends: @escaping @Sendable (LiveElement) -> Void, callerSends: () -> Void,
        file: StaticString = #filePath, line: UInt = #line
    ) -> Measure {
        probe.callerThread = pthread_self()
        // Started before the caller sends; it waits for a first attempt of its own.
        let done = probe.startFastSender(count: fastElements, fastSends)
        callerSends()
        let measure = Measure(
            deliveredOnCaller: probe.onCaller.value,
            liveAtEndOfSlowDelivery: probe.liveAtEnd.load(ordering: .sequentiallyConsistent))
        probe.stop.store(true, ordering: .relaxed)
        XCTAssertEqual(
            done.wait(timeout: .now() + 30), .success, "the fast sender never finished", file: file, line: line)
        return measure
    }

    private func assertBounded(_ measure: Measure, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(
            measure.deliveredOnCaller, 1, "the calling thread delivered other threads' elements", file: file, line: line
        )
        XCTAssertGreaterThanOrEqual(
            measure.liveAtEndOfSlowDelivery, 0, "no slow delivery happened", file: file, line: line)
        XCTAssertLessThanOrEqual(
            measure.liveAtEndOfSlowDelivery, 4, "elements piled up behind the slow delivery", file: file, line: line)
    }

    func testMergeSenderDeliversOnlyItsOwnElement() {
        let probe = Probe()
        let caller = PublishSubject<LiveElement>()
        let fast = PublishSubject<LiveElement>()
        let subscription = Observable.merge(caller, fast).subscribe(onNext: { _ in probe.delivered() })
        defer { subscription.dispose() }

        let measure = measure(
            probe, fastSends: { fast.onNext($0) },
            callerSends: {
                caller.onNext(LiveElement(-1, live: probe.live))
            })
        assertBounded(measure)
    }

    func testFlatMapSenderDeliversOnlyItsOwnElement() {
        let probe = Probe()
        let caller = PublishSubject<LiveElement>()
        let fast = PublishSubject<LiveElement>()
        let outer = PublishSubject<Observable<LiveElement>>()
        let subscription = outer.flatMap { $0 }.subscribe(onNext: { _ in probe.delivered() })
        defer { subscription.dispose() }
        outer.onNext(caller.asObservable())
        outer.onNext(fast.asObservable())

        let measure = measure(
            probe, fastSends: { fast.onNext($0) },
            callerSends: {
                caller.onNext(LiveElement(-1, live: probe.live))
            })
        assertBounded(measure)
    }

    func testCombineLatestSenderDeliversOnlyItsOwnElement() {
        let probe = Probe()
        let caller = PublishSubject<LiveElement>()
        let fast = PublishSubject<LiveElement>()
        let subscription = Observable.combineLatest(caller, fast).subscribe(onNext: { _ in probe.delivered() })
        defer { subscription.dispose() }
        // The fast side has a latest element, so the caller's element is delivered at once; the
        // one kept as the latest is part of the bound.
        fast.onNext(LiveElement(-2, live: probe.live))

        let measure = measure(
            probe, fastSends: { fast.onNext($0) },
            callerSends: {
                caller.onNext(LiveElement(-1, live: probe.live))
            })
        assertBounded(measure)
    }

    func testSampleKeepsOnlyTheLatestWhileItDelivers() {
        let probe = Probe()
        let sampler = PublishSubject<Void>()
        let fast = PublishSubject<LiveElement>()
        let subscription = fast.sample(sampler).subscribe(onNext: { _ in probe.delivered() })
        defer { subscription.dispose() }
        fast.onNext(LiveElement(-2, live: probe.live))

        let measure = measure(
            probe, fastSends: { fast.onNext($0) },
            callerSends: {
                sampler.onNext(())
            })
        assertBounded(measure)
    }

    func testReplaySubjectSubscriberReceivesOnlyTheReplayOnItsThread() {
        let probe = Probe()
        let subject = ReplaySubject<LiveElement>.create(bufferSize: 1)
        subject.onNext(LiveElement(-1, live: probe.live))
        assertBounded(measureSubscribing(to: subject, probe))
    }

    func testBehaviorSubjectSubscriberReceivesOnlyTheValueOnItsThread() {
        let probe = Probe()
        let subject = BehaviorSubject(value: LiveElement(-1, live: probe.live))
        assertBounded(measureSubscribing(to: subject, probe))
    }

    /// The pattern for a subject that replays: the test thread's one event is its subscription,
    /// whose replay is the slow delivery, while the fast thread sends into the subject.
    private func measureSubscribing<Subject: SubjectType>(to subject: Subject, _ probe: Probe) -> Measure
    where Subject.Element == LiveElement, Subject.Observer.Element == LiveElement, Subject: Sendable {
        var subscription: (any Disposable)?
        let measure = measure(
            probe, fastSends: { subject.asObserver().onNext($0) },
            callerSends: {
                subscription = subject.subscribe(onNext: { _ in probe.delivered() })
            })
        subscription?.dispose()
        return measure
    }

    func testDisposingWhileAnotherThreadDeliversDoesNotWaitForItAndReleasesAfterIt() {
        // The observer, on another thread, waits inside its delivery until the test thread has
        // disposed: a disposal that waited for the delivery to end would never return.
        let live = Counter()
        let sampler = PublishSubject<Void>()
        let source = PublishSubject<LiveElement>()
        let inDelivery = DispatchSemaphore(value: 0)
        let disposed = DispatchSemaphore(value: 0)
        let delivered = DispatchSemaphore(value: 0)
        let subscription = source.sample(sampler).subscribe(onNext: { _ in
            inDelivery.signal()
            _ = disposed.wait(timeout: .now() + 5)
        })
        source.onNext(LiveElement(1, live: live))
        source.onNext(LiveElement(2, live: live))
        Thread.detachNewThread {
            sampler.onNext(())
            delivered.signal()
        }
        XCTAssertEqual(inDelivery.wait(timeout: .now() + 5), .success)
        let start = Date()
        subscription.dispose()
        XCTAssertLessThan(Date().timeIntervalSince(start), 2, "dispose waited for the delivery")
        disposed.signal()
        XCTAssertEqual(delivered.wait(timeout: .now() + 5), .success)
        XCTAssertEqual(live.value, 0, "what sample kept outlived the subscription")
    }

    func testATimerThreadHandlesOnlyItsFiringsWhileABusySourceSends() {
        // `window(timeSpan:)` on a serial queue while another thread sends as fast as it can: the
        // queue's thread opens windows and must never be the one that handles the source's
        // elements, or the next firing, queued behind it on the same queue, waits for it.
        let queue = DispatchQueue(label: "window-timer")
        let onQueue = DispatchSpecificKey<Bool>()
        queue.setSpecific(key: onQueue, value: true)
        let scheduler = SerialDispatchQueueScheduler(queue: queue, internalSerialQueueName: "window-timer-scheduler")
        let source = PublishSubject<Int>()
        let elementsOnTimerThread = Counter()
        let elements = Counter()
        let windows = Counter()
        let inner = CompositeDisposable()
        let subscription = source.window(timeSpan: .milliseconds(5), count: .max, scheduler: scheduler)
            .subscribe(onNext: { window in
                // Opening a window takes a while, so the source's elements arrive meanwhile.
                spin(for: 0.001)
                windows.increment()
                _ = inner.insert(
                    window.subscribe(onNext: { _ in
                        spin(for: 0.000_02)
                        elements.increment()
                        if DispatchQueue.getSpecific(key: onQueue) == true {
                            elementsOnTimerThread.increment()
                        }
                    }))
            })
        let sent = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let deadline = Date().addingTimeInterval(0.2)
            var value = 0
            while Date() < deadline {
                source.onNext(value)
                value += 1
            }
            sent.signal()
        }
        XCTAssertEqual(sent.wait(timeout: .now() + 10), .success)
        subscription.dispose()
        // A firing already running when the subscription was disposed ends before the checks.
        queue.sync {}
        inner.dispose()
        XCTAssertGreaterThan(elements.value, 0)
        XCTAssertGreaterThan(windows.value, 1)
        XCTAssertEqual(elementsOnTimerThread.value, 0, "the timer's thread handled the source's elements")
    }
}

/// Keeps the calling thread busy for `seconds`, as a slow observer would.
private func spin(for seconds: TimeInterval) {
    let until = Date().addingTimeInterval(seconds)
    while Date() < until {}
}
