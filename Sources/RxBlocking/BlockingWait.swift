import Dispatch
import Foundation
import RxCore
import RxDisposables

/// One blocking read: the observer that collects the source's events, and the wait for them on
/// the calling thread.
///
/// The events arrive on whatever thread the source sends them from; the calling thread waits
/// for ``finish(_:)`` in one of three ways, chosen where it can be known (see ``run(_:timeout:limit:predicate:)``).
// @unchecked Sendable: every stored variable is read and written under `lock`; the rest is
// immutable or thread-safe itself (`subscription`, `finished`).
final class BlockingWait<Element>: ObserverType, @unchecked Sendable {
    private let lock = RxLock()
    private var elements: [Element] = []
    private var failure: (any Error)?
    private var isFinished = false
    /// Whether the waiting thread runs the main run loop and must be woken by main-queue work.
    private var wakesMainRunLoop = false

    private let limit: Int?
    private let predicate: ((Element) throws -> Bool)?
    /// Signalled once, when the answer is known.
    private let finished = DispatchSemaphore(value: 0)
    let subscription = SingleAssignmentDisposable()

    private init(limit: Int?, predicate: ((Element) throws -> Bool)?) {
        self.limit = limit
        self.predicate = predicate
    }

    /// Subscribes `source` on the calling thread, blocks it until the sequence ends, `limit`
    /// elements satisfying `predicate` have arrived, or `timeout` seconds have passed, and
    /// returns what arrived and how it ended. The subscription is disposed before returning.
    static func run(
        _ source: Observable<Element>, timeout: TimeInterval?, limit: Int?, predicate: ((Element) throws -> Bool)?
    ) -> MaterializedSequenceResult<Element> {
        let wait = BlockingWait(limit: limit, predicate: predicate)
        defer { wait.subscription.dispose() }
        let deadline = timeout.map(Deadline.init(secondsFromNow:)) ?? .never
        let onMainThread = Thread.isMainThread
        if onMainThread {
            wait.lock.withLock { wait.wakesMainRunLoop = true }
        }
        wait.subscription.setDisposable(source.subscribe(wait))
        // Inside a trampoline action, what the source queued on this thread's trampoline would
        // run only after this call returned: run it now, on this thread, in its order.
        CurrentThreadScheduler.drainQueuedWorkOfRunningTrampoline()
        if onMainThread {
            wait.runMainRunLoop(until: deadline)
        } else {
            wait.sleep(until: deadline)
        }
        return wait.result()
    }

    /// Runs the main run loop, so that main-queue work (the source's own, when it sends on
    /// `MainScheduler`) runs while waiting. Where the run loop cannot run (inside main-queue
    /// work or a main-actor job, the main queue is not served by a nested run loop), sleeps.
    private func runMainRunLoop(until deadline: Deadline) {
        while !lock.withLock({ isFinished }) {
            if deadline.hasPassed { return }
            if !RunLoop.current.run(mode: .default, before: deadline.date) {
                lock.withLock { wakesMainRunLoop = false }
                sleep(until: deadline)
                return
            }
        }
    }

    /// Sleeps the calling thread until the answer is known or the deadline passes.
    private func sleep(until deadline: Deadline) {
        if let time = deadline.dispatchTime {
            _ = finished.wait(timeout: time)
        } else {
            finished.wait()
        }
    }

    /// What arrived and how the sequence ended; a timeout if it has not ended, which also stops
    /// anything arriving later from counting.
    private func result() -> MaterializedSequenceResult<Element> {
        var elements: [Element] = []
        var failure: (any Error)?
        lock.withLock {
            if !isFinished {
                isFinished = true
                self.failure = RxError.timeout
            }
            swap(&elements, &self.elements)
            failure = self.failure
        }
        if let failure {
            return .failed(elements: elements, error: failure)
        }
        return .completed(elements: elements)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element): onNext(element)
        case .error(let error): finish(error)
        case .completed: finish(nil)
        }
    }

    func onNext(_ element: Element) {
        if lock.withLock({ isFinished }) { return }
        do {
            if let predicate, try !predicate(element) { return }
        } catch {
            finish(error)
            return
        }
        let reachedLimit = lock.withLock { () -> Bool in
            if isFinished { return false }
            elements.append(element)
            return limit.map { elements.count >= $0 } ?? false
        }
        if reachedLimit {
            finish(nil)
        }
    }

    func onCompleted() {
        finish(nil)
    }

    func onError(_ error: any Error) {
        finish(error)
    }

    /// Records how the wait ended, once; disposes the subscription and wakes the waiting thread.
    private func finish(_ error: (any Error)?) {
        let (first, wakeRunLoop) = lock.withLock { () -> (Bool, Bool) in
            if isFinished { return (false, false) }
            isFinished = true
            failure = error
            return (true, wakesMainRunLoop)
        }
        guard first else { return }
        subscription.dispose()
        finished.signal()
        if wakeRunLoop {
            // The main run loop returns from `run(mode:before:)` once it has run main-queue work.
            DispatchQueue.main.async {}
        }
    }
}

/// When a blocking wait gives up, with what a far or infinite timeout saturates to: never.
private struct Deadline {
    /// Beyond this many seconds (about 31 years) a timeout counts as none, so that no
    /// conversion to nanoseconds or dates can overflow.
    private static let longest: TimeInterval = 1_000_000_000

    let dispatchTime: DispatchTime?
    let date: Date

    static let never = Deadline(dispatchTime: nil, date: .distantFuture)

    private init(dispatchTime: DispatchTime?, date: Date) {
        self.dispatchTime = dispatchTime
        self.date = date
    }

    init(secondsFromNow seconds: TimeInterval) {
        if seconds >= Self.longest {
            self = .never
            return
        }
        let seconds = max(seconds, 0)
        self.init(
            dispatchTime: .now() + .nanoseconds(Int(seconds * 1_000_000_000)), date: Date(timeIntervalSinceNow: seconds)
        )
    }

    var hasPassed: Bool {
        guard let dispatchTime else { return false }
        return DispatchTime.now() >= dispatchTime
    }
}
