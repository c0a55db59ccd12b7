import Dispatch
import Foundation
import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

/// `buffer(timeSpan:count:scheduler:)` and `window(timeSpan:count:scheduler:)` with the source
/// sending on one thread while their timers fire on a dispatch queue's: downstream (and every
/// window's subscriber) is called one event at a time, every element arrives once and in order,
/// there is one terminal event and nothing after it, and every sink is gone at the end, also
/// when the subscription is disposed from a third thread mid-stream. Run under
/// `swift test --sanitize=thread`.
final class BufferWindowStressReliabilityTests: RxTestCase {
    private let rounds = 30
    private let count = 1_000
    // A timer due at once, so that the queue's thread fires it again and again while the source
    // sends.
    private let span = RxTimeInterval.seconds(0)

    /// A dispatch queue's scheduler that counts the actions it has run, so that the source can
    /// wait for the timer to have fired before it goes on.
    private final class FiringCounter: SchedulerType, Sendable {
        let base = SerialDispatchQueueScheduler(internalSerialQueueName: "buffer-window-stress")
        let fired = Counter()

        var now: RxTime { base.now }

        func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> any Disposable)
            -> any Disposable
        {
            base.schedule(state) { [fired] state in
                defer { fired.increment() }
                return action(state)
            }
        }

        func scheduleRelative<StateType>(
            _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> any Disposable
        ) -> any Disposable {
            base.scheduleRelative(state, dueTime: dueTime) { [fired] state in
                defer { fired.increment() }
                return action(state)
            }
        }

        func schedulePeriodic<StateType>(
            _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
            action: @escaping (StateType) -> StateType
        ) -> any Disposable {
            base.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
        }
    }

    /// Sends `0..<total` then completion to `observer`, waiting (bounded) after every 25 elements
    /// for `scheduler` to have fired the timer at least once more, so that the timer keeps firing
    /// throughout; once `disposed` says the subscription is gone (and the timer with it), without
    /// waiting.
    private static func send(
        _ total: Int, to observer: AnyObserver<Int>, interleavingWith scheduler: FiringCounter, sent: Counter? = nil,
        disposed: () -> Bool = { false }
    ) {
        var firedBefore = scheduler.fired.value
        for value in 0..<total {
            observer.onNext(value)
            sent?.increment()
            if value % 25 == 24 {
                waitUntil { scheduler.fired.value > firedBefore || disposed() }
                firedBefore = scheduler.fired.value
            }
        }
        observer.onCompleted()
    }

    /// A sequence whose single subscriber's observer is handed to the test, to send from any
    /// thread, and which counts how often its subscription is disposed.
    private func capturedSource() -> (Observable<Int>, Locked<AnyObserver<Int>?>, Counter) {
        let kept = Locked<AnyObserver<Int>?>(nil)
        let disposals = Counter()
        let source = Observable<Int>.create { observer in
            kept.value = observer
            return Disposables.create { disposals.increment() }
        }
        return (source, kept, disposals)
    }

    /// Polls, for at most five seconds, until `condition` holds; returns whether it did. Between
    /// polls it yields the processor, which the queue's thread needs to fire the timer on two
    /// shared cores.
    @discardableResult
    private static func waitUntil(_ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(5)
        while !condition() {
            if Date() >= deadline { return false }
            sched_yield()
        }
        return true
    }

    func testBufferWindowStressBufferWithTheSourceAndTheTimerOnDifferentThreads() {
        let scheduler = FiringCounter()
        for round in 0..<rounds {
            let (source, sourceObserver, disposals) = capturedSource()
            let probe = DeliveryProbe<[Int]>()
            let baseline = Resources.total
            let subscription = probe.subscribe(source.buffer(timeSpan: span, count: 7, scheduler: scheduler))
            // The handle keeps the sink alive: it goes before the leak check.
            do {
                let sourceHandle = UncheckedSendable(sourceObserver.value!)
                sourceObserver.value = nil
                let total = count
                DispatchQueue.global().sync {
                    Self.send(total, to: sourceHandle.value, interleavingWith: scheduler)
                }
            }
            // The timer's thread may be delivering when completion arrives: it then delivers it,
            // and runs onDisposed and the source's disposal after the probe has seen it.
            XCTAssertTrue(Self.waitUntil { probe.terminalCount == 1 }, "round \(round)")
            subscription.dispose()
            probe.waitForOnDisposed()
            Self.waitUntil { disposals.value > 0 }

            let buffers = probe.elements
            XCTAssertEqual(buffers.flatMap { $0 }, Array(0..<count), "every element once, in order, round \(round)")
            XCTAssertTrue(buffers.allSatisfy { $0.count <= 7 }, "round \(round)")
            XCTAssertEqual(probe.events.last?.isCompleted, true, "round \(round)")
            XCTAssertEqual(probe.eventsAfterTerminal, 0, "round \(round)")
            XCTAssertEqual(probe.overlaps, 0, "round \(round)")
            XCTAssertEqual(probe.disposedCount, 1, "round \(round)")
            XCTAssertEqual(disposals.value, 1, "round \(round)")
            XCTAssertEqual(
                Resources.waitForTotal(toReturnTo: baseline, timeout: .seconds(5)), 0,
                "sinks still alive, round \(round)")
        }
    }

    func testBufferWindowStressBufferDisposedFromAThirdThreadMidStream() {
        let scheduler = FiringCounter()
        for round in 0..<rounds {
            let (source, sourceObserver, disposals) = capturedSource()
            let probe = DeliveryProbe<[Int]>()
            let baseline = Resources.total
            let subscription = UncheckedSendable(
                probe.subscribe(source.buffer(timeSpan: span, count: 7, scheduler: scheduler)))
            // The handle keeps the sink alive: it goes before the leak check.
            do {
                let sourceHandle = UncheckedSendable(sourceObserver.value!)
                sourceObserver.value = nil
                let total = count
                let sent = Counter()
                let stopAt = Int.random(in: 0...count)
                DispatchQueue.concurrentPerform(iterations: 2) { index in
                    if index == 0 {
                        Self.send(
                            total, to: sourceHandle.value, interleavingWith: scheduler, sent: sent,
                            disposed: { probe.hasDisposeReturned })
                    } else {
                        Self.waitUntil { sent.value >= stopAt }
                        subscription.value.dispose()
                        probe.markDisposeReturned()
                    }
                }
            }
            // Completion may have come first, on the timer's thread, which then runs onDisposed and
            // the source's disposal after this thread's dispose() returned.
            probe.waitForOnDisposed()
            Self.waitUntil { disposals.value > 0 }

            let buffers = probe.elements
            let elements = buffers.flatMap { $0 }
            XCTAssertEqual(elements, Array(0..<elements.count), "an ordered prefix, round \(round)")
            XCTAssertTrue(buffers.allSatisfy { $0.count <= 7 }, "round \(round)")
            XCTAssertLessThanOrEqual(probe.terminalCount, 1, "round \(round)")
            XCTAssertEqual(probe.eventsAfterTerminal, 0, "round \(round)")
            XCTAssertLessThanOrEqual(probe.deliveriesAfterDispose, 1, "round \(round)")
            XCTAssertEqual(probe.overlaps, 0, "round \(round)")
            XCTAssertEqual(probe.disposedCount, 1, "round \(round)")
            XCTAssertEqual(disposals.value, 1, "round \(round)")
            XCTAssertEqual(
                Resources.waitForTotal(toReturnTo: baseline, timeout: .seconds(5)), 0,
                "sinks still alive, round \(round)")
        }
    }

    /// Subscribes to `windows`, and to each window as it arrives, recording every window's
    /// elements in `elements`, the windows' sizes and completions, and the windows' arrivals in
    /// `outer`. Returns the subscription to `windows` and those to the windows.
    ///
    /// The windows' subscriptions go into a composite: a window the timer's thread sends while the
    /// test disposes may be subscribed after the test has disposed the others, and the composite
    /// disposes it at once then.
    private func subscribeToEveryWindow(
        _ windows: Observable<Observable<Int>>, outer: DeliveryProbe<Int>, elements: DeliveryProbe<Int>,
        sizes: Locked<[Int]>, completions: Counter
    ) -> (any Disposable, CompositeDisposable) {
        let windowSubscriptions = CompositeDisposable()
        let arrivals = Counter()
        let subscription = windows.subscribe(
            onNext: { window in
                let index = arrivals.increment() - 1
                outer.record(.next(index))
                sizes.mutate { $0.append(0) }
                let inner = window.subscribe(
                    onNext: { element in
                        sizes.mutate { $0[index] += 1 }
                        elements.record(.next(element))
                    },
                    onError: { elements.record(.error($0)) },
                    onCompleted: { completions.increment() })
                windowSubscriptions.insert(inner)
            },
            onError: { outer.record(.error($0)) },
            onCompleted: { outer.record(.completed) })
        return (subscription, windowSubscriptions)
    }

    func testBufferWindowStressWindowWithTheSourceAndTheTimerOnDifferentThreads() {
        let scheduler = FiringCounter()
        for round in 0..<rounds {
            let (source, sourceObserver, disposals) = capturedSource()
            let outer = DeliveryProbe<Int>()
            let elements = DeliveryProbe<Int>()
            let sizes = Locked<[Int]>([])
            let completions = Counter()
            let baseline = Resources.total
            let (subscription, windowSubscriptions) = subscribeToEveryWindow(
                source.window(timeSpan: span, count: 7, scheduler: scheduler), outer: outer, elements: elements,
                sizes: sizes, completions: completions)
            // The handle keeps the sinks alive: it goes before the leak check.
            do {
                let sourceHandle = UncheckedSendable(sourceObserver.value!)
                sourceObserver.value = nil
                let total = count
                DispatchQueue.global().sync {
                    Self.send(total, to: sourceHandle.value, interleavingWith: scheduler)
                }
            }
            XCTAssertTrue(Self.waitUntil { outer.terminalCount == 1 }, "round \(round)")
            subscription.dispose()
            windowSubscriptions.dispose()
            // Completion sent on the timer's thread disposes the source there, after `outer` saw it.
            Self.waitUntil { disposals.value > 0 }

            let windowCount = outer.elements.count
            XCTAssertEqual(outer.elements, Array(0..<windowCount), "round \(round)")
            XCTAssertEqual(outer.events.last?.isCompleted, true, "round \(round)")
            XCTAssertEqual(outer.eventsAfterTerminal, 0, "round \(round)")
            XCTAssertEqual(completions.value, windowCount, "every window ended once, round \(round)")
            XCTAssertEqual(elements.elements, Array(0..<count), "every element once, in order, round \(round)")
            XCTAssertTrue(sizes.value.allSatisfy { $0 <= 7 }, "round \(round)")
            XCTAssertEqual(outer.overlaps + elements.overlaps, 0, "round \(round)")
            XCTAssertEqual(disposals.value, 1, "round \(round)")
            XCTAssertEqual(
                Resources.waitForTotal(toReturnTo: baseline, timeout: .seconds(5)), 0,
                "sinks still alive, round \(round)")
        }
    }

    func testBufferWindowStressWindowDisposedFromAThirdThreadWhileItsWindowsAreSubscribed() {
        let scheduler = FiringCounter()
        for round in 0..<rounds {
            let (source, sourceObserver, disposals) = capturedSource()
            let outer = DeliveryProbe<Int>()
            let elements = DeliveryProbe<Int>()
            let sizes = Locked<[Int]>([])
            let completions = Counter()
            let baseline = Resources.total
            let (subscription, windowSubscriptions) = subscribeToEveryWindow(
                source.window(timeSpan: span, count: 7, scheduler: scheduler), outer: outer, elements: elements,
                sizes: sizes, completions: completions)
            // The handles keep the sinks alive: they go before the leak check.
            do {
                let sourceHandle = UncheckedSendable(sourceObserver.value!)
                let outerSubscription = UncheckedSendable(subscription)
                sourceObserver.value = nil
                let total = count
                let sent = Counter()
                let stopAt = Int.random(in: 0...count)
                DispatchQueue.concurrentPerform(iterations: 2) { index in
                    if index == 0 {
                        // Once the sequence is disposed, its window ends at the next firing and
                        // the timer with it.
                        Self.send(
                            total, to: sourceHandle.value, interleavingWith: scheduler, sent: sent,
                            disposed: { outer.hasDisposeReturned })
                    } else {
                        Self.waitUntil { sent.value >= stopAt }
                        // The subscribed window keeps the source subscribed until it ends.
                        outerSubscription.value.dispose()
                        outer.markDisposeReturned()
                    }
                }
            }
            windowSubscriptions.dispose()

            let received = elements.elements
            XCTAssertEqual(received, Array(0..<received.count), "an ordered prefix, round \(round)")
            XCTAssertTrue(sizes.value.allSatisfy { $0 <= 7 }, "round \(round)")
            XCTAssertEqual(outer.elements, Array(0..<outer.elements.count), "round \(round)")
            XCTAssertLessThanOrEqual(outer.terminalCount, 1, "round \(round)")
            XCTAssertLessThanOrEqual(outer.deliveriesAfterDispose, 1, "round \(round)")
            XCTAssertLessThanOrEqual(completions.value, outer.elements.count, "round \(round)")
            XCTAssertEqual(outer.overlaps + elements.overlaps, 0, "round \(round)")
            XCTAssertTrue(
                Self.waitUntil { disposals.value == 1 }, "the source unsubscribed once nobody is left, round \(round)")
            XCTAssertEqual(
                Resources.waitForTotal(toReturnTo: baseline, timeout: .seconds(5)), 0,
                "sinks still alive, round \(round)")
        }
    }
}
