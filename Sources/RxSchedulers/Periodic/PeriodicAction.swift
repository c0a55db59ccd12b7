import RxDisposables

// @unchecked Sendable: `action`, `state` and `disposed` are read and written only under `lock`.
/// The state a periodic timer threads from one tick to the next, and the action that advances
/// it; disposing releases both at once.
final class PeriodicAction<State>: Cancelable, @unchecked Sendable {
    private let lock = RxLock()
    private var action: ((State) -> State)?
    private var state: State?
    private var disposed = false

    init(state: State, action: @escaping (State) -> State) {
        self.state = state
        self.action = action
    }

    var isDisposed: Bool {
        lock.withLock { disposed }
    }

    /// Runs the action on the current state, outside the lock, and keeps its result for the
    /// next tick. A tick that finds the state taken by a run still in progress is skipped, so
    /// runs never overlap.
    func tick() {
        let work: ((State) -> State, State)? = lock.withLock {
            guard !disposed, let action, let state else { return nil }
            self.state = nil
            return (action, state)
        }
        guard let (action, current) = work else { return }
        let next = action(current)
        lock.withLock {
            if !disposed {
                state = next
            }
        }
    }

    func dispose() {
        let released: (((State) -> State)?, State?) = lock.withLock {
            disposed = true
            defer {
                action = nil
                state = nil
            }
            return (action, state)
        }
        // Dropped here, outside the lock: their deinit may dispose this very action.
        _ = released
    }
}
