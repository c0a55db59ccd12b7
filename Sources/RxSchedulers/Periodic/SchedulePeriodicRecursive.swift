import RxCore
import RxDisposables
import Synchronization

// @unchecked Sendable: `state` is touched only by the single run that `pendingTicks` admits at a time.
/// Emulates a periodic timer on a scheduler that has none, by scheduling each tick relative
/// to the previous one.
///
/// A tick that arrives while the previous run is still busy is counted, not run on top of it;
/// the busy run then schedules the missed runs one after another, so the action never runs
/// concurrently with itself and no tick is lost.
final class SchedulePeriodicRecursive<State>: @unchecked Sendable {
    enum Command {
        /// The period elapsed.
        case tick
        /// Run the action for a tick that was counted while another run was busy.
        case dispatchStart
    }

    private let scheduler: any SchedulerType
    private let startAfter: RxTimeInterval
    private let period: RxTimeInterval
    private let action: (State) -> State
    private var state: State
    private let pendingTicks = Atomic<Int>(0)

    init(
        scheduler: any SchedulerType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (State) -> State, state: State
    ) {
        self.scheduler = scheduler
        self.startAfter = startAfter
        self.period = period
        self.action = action
        self.state = state
    }

    /// Schedules the first tick; the returned disposable stops every later one.
    func start() -> any Disposable {
        scheduler.scheduleRecursive(Command.tick, dueTime: startAfter) { command, recursive in
            self.handle(command, recursive)
        }
    }

    private func handle(_ command: Command, _ recursive: AnyRecursiveScheduler<Command>) {
        switch command {
        case .tick:
            recursive.schedule(.tick, dueTime: period)
            if pendingTicks.wrappingAdd(1, ordering: .sequentiallyConsistent).oldValue == 0 {
                handle(.dispatchStart, recursive)
            }
        case .dispatchStart:
            state = action(state)
            if pendingTicks.wrappingSubtract(1, ordering: .sequentiallyConsistent).oldValue > 1 {
                recursive.schedule(.dispatchStart)
            }
        }
    }
}
