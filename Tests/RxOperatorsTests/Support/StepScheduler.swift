import RxCore
import RxDisposables

// @unchecked Sendable: a test drives it from one thread; `pending` is guarded by `lock` anyway.
/// A scheduler that runs nothing until told: ``step()`` runs the oldest queued action, so a test
/// decides exactly how far a consumer is behind its producer.
final class StepScheduler: ImmediateSchedulerType, @unchecked Sendable {
    private let lock = RxMutex<Void>(())
    private var pending: [() -> Void] = []

    /// The actions waiting to run.
    var queued: Int { lock.withLock { _ in pending.count } }

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> any Disposable) -> any Disposable {
        let cancel = BooleanDisposable()
        lock.withLock { _ in
            pending.append {
                if !cancel.isDisposed {
                    _ = action(state)
                }
            }
        }
        return cancel
    }

    /// Runs the oldest queued action, if any; returns whether one ran.
    @discardableResult
    func step() -> Bool {
        let next: (() -> Void)? = lock.withLock { _ in pending.isEmpty ? nil : pending.removeFirst() }
        guard let next else { return false }
        next()
        return true
    }

    /// Drops every queued action without running it.
    func discardAll() {
        let dropped = lock.withLock { _ in
            defer { pending = [] }
            return pending
        }
        _ = dropped
    }
}
