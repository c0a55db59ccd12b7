import RxDisposables

/// One thing waiting in a ``VirtualTimeScheduler``'s queue: an action that runs once, or a
/// periodic timer, which the scheduler queues again, with a new due time, each time it ticks.
@usableFromInline
enum VirtualTimeItem {
    case once(ScheduledAction)
    case periodic(VirtualPeriodicTimer)

    /// Whether the item was cancelled. The caller holds the scheduler's lock, which guards the
    /// timers' ticks.
    @inlinable
    var isDisposedUnderLock: Bool {
        switch self {
        case .once(let action): action.isDisposed
        case .periodic(let timer): timer.tick == nil
        }
    }
}

// @unchecked Sendable: `tick` is read and written only under the scheduler's `lock`.
/// What ``VirtualTimeScheduler/schedulePeriodic(_:startAfter:period:action:)`` queues and
/// returns: one timer that the scheduler queues again for each tick, instead of a new scheduled
/// action per tick.
///
/// Disposing releases the action and its state at once; the timer, still queued, is skipped
/// when the scheduler reaches it.
@usableFromInline
final class VirtualPeriodicTimer: Cancelable, @unchecked Sendable {
    /// The scheduler's lock, under which the scheduler reads `tick` while it holds the
    /// lock for its queue, without a second lock per tick.
    @usableFromInline
    let lock: VirtualTimeLock

    /// The seconds from one tick to the next; `nil` for a period of `.never`, which ticks once.
    @usableFromInline
    let periodSeconds: Double?

    /// Runs the action on the state and keeps the result for the next tick; `nil` once disposed.
    @usableFromInline
    @exclusivity(unchecked)
    var tick: (() -> Void)?

    /// A timer whose first tick runs `action` on `state`, and each later tick on what the tick
    /// before returned.
    init<State>(lock: VirtualTimeLock, periodSeconds: Double?, state: State, action: @escaping (State) -> State) {
        self.lock = lock
        self.periodSeconds = periodSeconds
        self.tick = Ticker(state: state, action: action).tick
    }

    @usableFromInline
    var isDisposed: Bool {
        lock.withLock { tick == nil }
    }

    @usableFromInline
    func dispose() {
        let released = lock.withLock {
            defer { tick = nil }
            return tick
        }
        // Dropped here, outside the lock: what the action captured may dispose this very timer.
        _ = released
    }

    /// The state the action threads from one tick to the next, with that action. Its own
    /// object, so that the timer and the queue code that runs its ticks are not generic.
    ///
    /// Only the thread that drives the scheduler runs ticks, one at a time, so `state` needs no
    /// lock, nor a runtime exclusivity check on each read and write.
    private final class Ticker<State> {
        @exclusivity(unchecked)
        private var state: State
        private let action: (State) -> State

        init(state: State, action: @escaping (State) -> State) {
            self.state = state
            self.action = action
        }

        func tick() {
            state = action(state)
        }
    }
}
