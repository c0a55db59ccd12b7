import RxDisposables
import Synchronization

// @unchecked Sendable: `action`, `result` and `disposed` are read and written only under `lock`.
/// One action waiting in a ``VirtualTimeScheduler``'s queue, and the disposable that cancels it.
///
/// Disposing releases the action at once, even though the scheduler drops the item from its
/// queue only later.
final class VirtualSchedulerItem<Time>: Cancelable, @unchecked Sendable {
    let time: Time
    let id: UInt64
    private let lock = Mutex<Void>(())
    private var action: (() -> any Disposable)?
    private var result: (any Disposable)?
    private var disposed = false

    init(time: Time, id: UInt64, action: @escaping () -> any Disposable) {
        self.time = time
        self.id = id
        self.action = action
    }

    var isDisposed: Bool {
        lock.withLock { _ in disposed }
    }

    /// Runs the action unless the item was disposed, and keeps what it returned for disposal.
    func invoke() {
        let work: (() -> any Disposable)? = lock.withLock { _ in
            defer { action = nil }
            return disposed ? nil : action
        }
        guard let work else { return }
        let produced = work()
        let disposeNow: Bool = lock.withLock { _ in
            if disposed { return true }
            result = produced
            return false
        }
        if disposeNow {
            produced.dispose()
        }
    }

    func dispose() {
        let produced: (any Disposable)? = lock.withLock { _ in
            if disposed { return nil }
            disposed = true
            action = nil
            defer { result = nil }
            return result
        }
        produced?.dispose()
    }
}
