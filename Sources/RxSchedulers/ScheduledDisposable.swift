import RxCore
import RxDisposables

// @unchecked Sendable: `disposable` and `disposed` are read and written only under `lock`.
/// Disposes a disposable on a chosen scheduler, for resources that must be released on a
/// particular queue or thread.
///
/// The first ``dispose()`` schedules the inner disposal and returns; later calls do nothing.
public final class ScheduledDisposable: Cancelable, @unchecked Sendable {
    /// The scheduler the inner disposable is disposed on.
    public let scheduler: any ImmediateSchedulerType

    private let lock = RxLock()
    private var disposable: (any Disposable)?
    private var disposed = false

    /// Wraps `disposable` so that disposing it happens on `scheduler`.
    public init(scheduler: any ImmediateSchedulerType, disposable: any Disposable) {
        self.scheduler = scheduler
        self.disposable = disposable
    }

    /// Whether ``dispose()`` has been called.
    public var isDisposed: Bool {
        lock.withLock { disposed }
    }

    /// Schedules the inner disposal on ``scheduler``, once.
    public func dispose() {
        let first: Bool = lock.withLock {
            if disposed { return false }
            disposed = true
            return true
        }
        guard first else { return }
        _ = scheduler.schedule(self) { scheduled in
            scheduled.disposeInner()
            return Disposables.create()
        }
    }

    private func disposeInner() {
        let inner: (any Disposable)? = lock.withLock {
            defer { disposable = nil }
            return disposable
        }
        inner?.dispose()
    }
}
