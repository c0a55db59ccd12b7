import Dispatch
import RxCore
import RxDisposables

// @unchecked Sendable: `source`, `state`, `action`, `result` and `disposed` are read and written only under `lock`.
/// An action that runs once on a dispatch timer, and the disposable that cancels it.
///
/// One object holds the timer source, the action with its state, and what the action returned,
/// where a composition of a scheduled action, a timer and their disposables took six
/// allocations per timer.
///
/// Disposing before the timer fires cancels the source and releases the action and its state at
/// once, without waiting for the deadline. Disposing after the run disposes what the action
/// returned. Once the action has run, the source is cancelled, which releases its handler and
/// with it the reference the handler keeps to this object.
///
/// It keeps the same run-at-most-once state as ``ScheduledAction`` without sharing its code: a
/// shared generic state type made every dispatch timer half as slow again, its metadata looked
/// up on each run (Benchmarks/RESULTS.md, "One state type for `ScheduledAction`").
final class DelayedDispatchAction<StateType>: Cancelable, @unchecked Sendable {
    private let lock = RxLock()
    private var source: (any DispatchSourceTimer)?
    private var state: StateType?
    private var action: ((StateType) -> any Disposable)?
    private var result: (any Disposable)?
    private var disposed = false
    #if DEBUG
        // In flight until the action has run or the timer is disposed unfired: leak checks wait.
        private let pending = PendingWorkToken()
    #endif

    /// Creates and starts a timer that runs `action` with `state` on `queue` once `deadline`
    /// has passed.
    init(
        _ state: StateType, queue: DispatchQueue, deadline: DispatchTime, leeway: DispatchTimeInterval,
        action: @escaping (StateType) -> any Disposable
    ) {
        self.state = state
        self.action = action
        let source = DispatchSource.makeTimerSource(queue: queue)
        // Stored before the source starts, so the handler always finds it.
        self.source = source
        source.setEventHandler { [self] in
            fire()
        }
        source.schedule(deadline: deadline, repeating: .never, leeway: leeway)
        source.resume()
    }

    var isDisposed: Bool {
        lock.withLock { disposed }
    }

    func dispose() {
        let taken:
            (
                source: (any DispatchSourceTimer)?, result: (any Disposable)?, state: StateType?,
                action: ((StateType) -> any Disposable)?
            ) = lock.withLock {
                if disposed { return (nil, nil, nil, nil) }
                disposed = true
                defer {
                    source = nil
                    result = nil
                    state = nil
                    action = nil
                }
                return (source, result, state, action)
            }
        taken.source?.cancel()
        // The unrun action and its state are released here, outside the lock: a deinit they
        // trigger may dispose this very timer.
        let unrun = taken.action != nil
        _ = (taken.state, taken.action)
        #if DEBUG
            if unrun {
                pending.dispose()
            }
        #endif
        taken.result?.dispose()
    }

    /// Runs the action unless it was disposed first, then cancels the spent source.
    private func fire() {
        let work: (state: StateType, action: (StateType) -> any Disposable)? = lock.withLock {
            guard !disposed, let state, let action else { return nil }
            self.state = nil
            self.action = nil
            return (state, action)
        }
        guard let work else { return }
        let produced = work.action(work.state)
        let outcome: (disposeNow: Bool, spent: (any DispatchSourceTimer)?) = lock.withLock {
            if disposed { return (true, nil) }
            result = produced
            defer { source = nil }
            return (false, source)
        }
        outcome.spent?.cancel()
        if outcome.disposeNow {
            produced.dispose()
        }
        #if DEBUG
            pending.dispose()
        #endif
    }
}
