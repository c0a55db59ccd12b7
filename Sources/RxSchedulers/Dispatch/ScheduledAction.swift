import RxDisposables

// @unchecked Sendable: `action`, `result` and `disposed` are read and written only under `lock`.
/// An action that runs at most once, later, wherever a scheduler decides; the disposable that
/// cancels it.
///
/// Disposing before the run releases the action (and what it captured) at once, even though
/// the queue or timer that will call ``run()`` may keep this object a while longer. Disposing
/// after the run disposes what the action returned.
@usableFromInline
final class ScheduledAction: Cancelable, @unchecked Sendable {
    private let lock = RxLock()
    private var action: (() -> any Disposable)?
    private var result: (any Disposable)?
    private var disposed = false

    @usableFromInline
    init(_ action: @escaping () -> any Disposable) {
        self.action = action
    }

    @usableFromInline
    var isDisposed: Bool {
        lock.withLock { disposed }
    }

    /// Runs the action unless it was disposed or already ran, outside the lock.
    @usableFromInline
    func run() {
        let work: (() -> any Disposable)? = lock.withLock {
            defer { action = nil }
            return disposed ? nil : action
        }
        guard let work else { return }
        let produced = work()
        let disposeNow: Bool = lock.withLock {
            if disposed { return true }
            result = produced
            return false
        }
        if disposeNow {
            produced.dispose()
        }
    }

    @usableFromInline
    func dispose() {
        let taken: (produced: (any Disposable)?, unrun: (() -> any Disposable)?) = lock.withLock {
            if disposed { return (nil, nil) }
            disposed = true
            defer {
                action = nil
                result = nil
            }
            return (result, action)
        }
        // The unrun action is dropped here, outside the lock: what it captured may be
        // deinitialised by that, and a deinit may dispose this very action.
        _ = taken.unrun
        taken.produced?.dispose()
    }
}
