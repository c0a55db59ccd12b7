/// The state a periodic action on a ``VirtualTimeScheduler`` threads from one tick to the next,
/// with that action.
///
/// Only the thread that drives the scheduler runs ticks, one at a time, so `state` needs no
/// lock, nor a runtime exclusivity check on each read and write.
final class VirtualPeriodicState<State> {
    @exclusivity(unchecked)
    private var state: State
    private let action: (State) -> State

    init(state: State, action: @escaping (State) -> State) {
        self.state = state
        self.action = action
    }

    /// Runs the action on the state and keeps the result for the next tick.
    func tick() {
        state = action(state)
    }
}
