import RxDisposables

// @unchecked Sendable: `work` and `result` are moved in and out only under `lock`.
/// One action waiting in a ``TrampolineQueue``, and the disposable that cancels it.
///
/// Not generic: the scheduled action and its state travel as one closure, built where the
/// state's type is known, so that running an item asks the runtime for no type metadata.
final class TrampolineItem: TrampolineRunnable, Cancelable, @unchecked Sendable {
    private let lock = RxLock()
    private var work: (() -> any Disposable)?
    private var result: (any Disposable)?
    private var disposed = false

    init(work: @escaping () -> any Disposable) {
        self.work = work
    }

    var isDisposed: Bool {
        lock.withLock { disposed }
    }

    func run() {
        let pending: (() -> any Disposable)? = lock.withLock {
            guard !disposed, let pending = work else { return nil }
            work = nil
            return pending
        }
        guard let pending else { return }
        let produced = pending()
        let disposeNow: Bool = lock.withLock {
            if disposed { return true }
            result = produced
            return false
        }
        if disposeNow {
            produced.dispose()
        }
    }

    func dispose() {
        let taken: (produced: (any Disposable)?, unrun: (() -> any Disposable)?) = lock.withLock {
            if disposed { return (nil, nil) }
            disposed = true
            defer {
                work = nil
                result = nil
            }
            return (result, work)
        }
        // The unrun action is released here, outside the lock: what it captured may be
        // deinitialised by that, and a deinit (a DisposeBag's, say) may dispose this very item.
        _ = taken.unrun
        taken.produced?.dispose()
    }
}

/// What a ``TrampolineQueue`` holds: something to run once.
protocol TrampolineRunnable: AnyObject {
    func run()
}
