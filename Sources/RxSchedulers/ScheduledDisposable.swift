import RxCore
import RxDisposables

// @unchecked Sendable: `scheduler` is a constant, and a scheduler may be used from any thread;
// the rest is inside `state`'s lock.
/// Disposes a disposable on a chosen scheduler, for resources that must be released on a
/// particular queue or thread.
///
/// The first ``dispose()`` schedules the inner disposal and returns; later calls do nothing.
public final class ScheduledDisposable: Cancelable, @unchecked Sendable {
    /// The scheduler the inner disposable is disposed on.
    public let scheduler: any ImmediateSchedulerType

    // @unchecked Sendable: it exists only inside `state`'s lock, and a disposable may be
    // disposed from any thread.
    private struct State: @unchecked Sendable {
        var disposable: (any Disposable)?
        var disposed = false
    }

    private let state: RxMutex<State>

    /// Wraps `disposable` so that disposing it happens on `scheduler`.
    public init(scheduler: any ImmediateSchedulerType, disposable: any Disposable) {
        self.scheduler = scheduler
        state = RxMutex(State(disposable: disposable))
    }

    /// Whether ``dispose()`` has been called.
    public var isDisposed: Bool {
        state.withLock { $0.disposed }
    }

    /// Schedules the inner disposal on ``scheduler``, once.
    public func dispose() {
        let first: Bool = state.withLock { state in
            if state.disposed { return false }
            state.disposed = true
            return true
        }
        guard first else { return }
        _ = scheduler.schedule(self) { scheduled in
            scheduled.disposeInner()
            return Disposables.create()
        }
    }

    private func disposeInner() {
        let inner: (any Disposable)? = state.withLock { $0.disposable.take() }
        inner?.dispose()
    }
}
