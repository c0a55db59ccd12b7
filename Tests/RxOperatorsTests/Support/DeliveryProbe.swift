import Dispatch
import Foundation
import RxCore
import RxDisposables
import Synchronization

// @unchecked Sendable: `recorded` and `afterDispose` are touched only under `lock`; the rest is atomic.
/// The subscriber side of a stress test: records every event it is handed, from any thread,
/// and what a user could see go wrong: deliveries that overlap, deliveries that begin after
/// the test said `dispose()` had returned, and how often `onDisposed` ran.
final class DeliveryProbe<Element>: @unchecked Sendable {
    private let lock = RxMutex<Void>(())
    private var recorded: [Event<Element>] = []
    private var afterDispose = 0
    private let inFlight = Atomic<Int>(0)
    private let overlapping = Atomic<Int>(0)
    private let disposeReturned = Atomic<Bool>(false)
    private let disposals = Atomic<Int>(0)
    private let delivered = Atomic<Int>(0)

    /// Records `event`; a raw observer built on this does no grammar check of its own.
    func record(_ event: Event<Element>) {
        if inFlight.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue > 1 {
            overlapping.wrappingAdd(1, ordering: .relaxed)
        }
        let late = disposeReturned.load(ordering: .acquiring)
        lock.withLock { _ in
            recorded.append(event)
            if late { afterDispose += 1 }
        }
        delivered.wrappingAdd(1, ordering: .releasing)
        inFlight.wrappingSubtract(1, ordering: .acquiringAndReleasing)
    }

    /// An observer that records everything it is sent, as is (no grammar enforcement).
    var rawObserver: AnyObserver<Element> {
        AnyObserver { self.record($0) }
    }

    /// Subscribes with the closure-based `subscribe`, the way an app does, counting `onDisposed`.
    func subscribe<Source: ObservableType>(_ source: Source) -> any Disposable where Source.Element == Element {
        source.subscribe(
            onNext: { self.record(.next($0)) }, onError: { self.record(.error($0)) },
            onCompleted: { self.record(.completed) },
            onDisposed: { self.disposals.wrappingAdd(1, ordering: .relaxed) })
    }

    /// Notes that `dispose()` has returned; deliveries that begin later are counted.
    func markDisposeReturned() {
        disposeReturned.store(true, ordering: .releasing)
    }

    /// Whether ``markDisposeReturned()`` has been called (read with acquire ordering, so that an
    /// emitter that sees `true` emits after the disposal in the memory model too).
    var hasDisposeReturned: Bool {
        disposeReturned.load(ordering: .acquiring)
    }

    /// Everything recorded, in the order the deliveries took the lock.
    var events: [Event<Element>] {
        lock.withLock { _ in recorded }
    }

    /// The elements of the recorded `next` events.
    var elements: [Element] {
        events.compactMap(\.element)
    }

    /// How many deliveries have finished.
    var deliveredCount: Int {
        delivered.load(ordering: .acquiring)
    }

    /// How many terminal events were recorded.
    var terminalCount: Int {
        events.filter(\.isStopEvent).count
    }

    /// How many events were recorded after the first terminal event.
    var eventsAfterTerminal: Int {
        let all = events
        guard let first = all.firstIndex(where: \.isStopEvent) else { return 0 }
        return all.count - first - 1
    }

    /// How many deliveries began after ``markDisposeReturned()``.
    var deliveriesAfterDispose: Int {
        lock.withLock { _ in afterDispose }
    }

    /// How many deliveries began while another was still running.
    var overlaps: Int {
        overlapping.load(ordering: .relaxed)
    }

    /// How many times `onDisposed` ran.
    var disposedCount: Int {
        disposals.load(ordering: .relaxed)
    }

    /// Waits, for at most five seconds, until `onDisposed` has run.
    ///
    /// A terminal event delivered on another thread (a timer's, or the drain's) runs `onDisposed`
    /// there just after the probe recorded the event, and a `dispose()` that finds the
    /// subscription already ending returns without waiting for it: a test that saw the terminal
    /// event and disposed may still read ``disposedCount`` as 0 for a moment.
    func waitForOnDisposed() {
        let deadline = DispatchTime.now() + .seconds(5)
        while disposals.load(ordering: .acquiring) == 0, DispatchTime.now() < deadline {
            sched_yield()
        }
    }
}
