import RxDisposables

// @unchecked Sendable: `action` and `result` are moved in and out only under `lock`.
/// One action waiting in a ``TrampolineQueue``, and the disposable that cancels it.
final class TrampolineItem<State>: TrampolineRunnable, Cancelable, @unchecked Sendable {
    private let lock = RxLock()
    private var action: ((State) -> any Disposable)?
    private var state: State?
    private var result: (any Disposable)?
    private var disposed = false

    init(state: State, action: @escaping (State) -> any Disposable) {
        self.state = state
        self.action = action
    }

    var isDisposed: Bool {
        lock.withLock { disposed }
    }

    func run() {
        let work: ((State) -> any Disposable, State)? = lock.withLock {
            guard !disposed, let action, let state else { return nil }
            self.action = nil
            self.state = nil
            return (action, state)
        }
        guard let (action, state) = work else { return }
        let produced = action(state)
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
        let produced: (any Disposable)? = lock.withLock {
            if disposed { return nil }
            disposed = true
            action = nil
            state = nil
            defer { result = nil }
            return result
        }
        produced?.dispose()
    }
}

/// What a ``TrampolineQueue`` holds: something to run once.
protocol TrampolineRunnable: AnyObject {
    func run()
}
