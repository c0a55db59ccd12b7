import RxDisposables

/// An action that runs at most once, later, wherever a scheduler decides; the disposable that
/// cancels it.
///
/// Disposing before the run releases the action (and what it captured) at once, even though
/// the queue or timer that will call ``run()`` may keep this object a while longer. Disposing
/// after the run disposes what the action returned.
@usableFromInline
final class ScheduledAction: Cancelable, Sendable {
    // @unchecked Sendable: it exists only inside `state`'s lock, and a scheduler may run the
    // action, and dispose what it returned, on any thread.
    private struct State: @unchecked Sendable {
        var action: (() -> any Disposable)?
        var result: (any Disposable)?
        var disposed = false
    }

    private let state: RxMutex<State>

    @usableFromInline
    init(_ action: @escaping () -> any Disposable) {
        state = RxMutex(State(action: action))
    }

    @usableFromInline
    var isDisposed: Bool {
        state.withLock { $0.disposed }
    }

    /// Runs the action unless it was disposed or already ran, outside the lock.
    @usableFromInline
    func run() {
        let work: (() -> any Disposable)? = state.withLock { state in
            let action = state.action.take()
            return state.disposed ? nil : action
        }
        guard let work else { return }
        let produced = work()
        let disposeNow: Bool = state.withLock { state in
            if state.disposed { return true }
            state.result = produced
            return false
        }
        if disposeNow {
            produced.dispose()
        }
    }

    @usableFromInline
    func dispose() {
        let taken: (produced: (any Disposable)?, unrun: (() -> any Disposable)?) = state.withLock { state in
            if state.disposed { return (nil, nil) }
            state.disposed = true
            return (state.result.take(), state.action.take())
        }
        // The unrun action is dropped here, outside the lock: what it captured may be
        // deinitialised by that, and a deinit may dispose this very action.
        _ = taken.unrun
        taken.produced?.dispose()
    }
}
