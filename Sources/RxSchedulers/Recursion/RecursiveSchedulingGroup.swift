import RxCore
import RxDisposables

// @unchecked Sendable: `action` and every entry's `phase` are read and written only under `lock`.
/// What both recursive schedulers share: the user's action, and one group holding the
/// disposables of the runs still pending, so that disposing stops the recursion and cancels
/// the queued runs.
///
/// A run that starts removes its own disposable from the group, so a long recursion keeps only
/// the runs that are still waiting.
final class RecursiveSchedulingGroup<Action>: @unchecked Sendable {
    private let lock = RxLock()
    private let group = CompositeDisposable()
    private var action: Action?

    init(action: Action) {
        self.action = action
    }

    /// Schedules one run through `submit`, which receives the state and the job to hand to the
    /// underlying scheduler. When the job runs, `run` receives the action unless the group was
    /// disposed first.
    func submit<State>(
        _ state: State,
        through submit: (State, @escaping (State) -> any Disposable) -> any Disposable,
        run: @escaping (Action, State) -> Void
    ) {
        let entry = RecursiveScheduleEntry()
        let scheduled = submit(state) { state in
            if self.group.isDisposed {
                return Disposables.create()
            }
            let (action, key): (Action?, CompositeDisposable.DisposeKey?) = self.lock.withLock {
                defer { entry.phase = .done }
                if case .added(let key) = entry.phase {
                    return (self.action, key)
                }
                return (self.action, nil)
            }
            if let key {
                self.group.remove(for: key)
            }
            if let action {
                run(action, state)
            }
            return Disposables.create()
        }
        register(scheduled, for: entry)
    }

    /// Keeps `scheduled` in the group until its run starts; the run may already have happened
    /// (immediate schedulers) or may happen on another thread at any moment.
    private func register(_ scheduled: any Disposable, for entry: RecursiveScheduleEntry) {
        let alreadyRan: Bool = lock.withLock {
            if case .done = entry.phase { return true }
            return false
        }
        if alreadyRan {
            return
        }
        let key = group.insert(scheduled)
        let stale: CompositeDisposable.DisposeKey? = lock.withLock {
            switch entry.phase {
            case .initial:
                entry.phase = key.map { .added($0) } ?? .done
                return nil
            case .done:
                return key
            case .added:
                rxFatalError("a recursive scheduling entry was registered twice")
            }
        }
        if let stale {
            group.remove(for: stale)
        }
    }

    /// Forgets the action and cancels every pending run; later runs find nothing to call.
    func dispose() {
        let released: Action? = lock.withLock {
            defer { action = nil }
            return action
        }
        // Dropped here, outside the lock: what the action captured may dispose this group.
        _ = released
        group.dispose()
    }
}
