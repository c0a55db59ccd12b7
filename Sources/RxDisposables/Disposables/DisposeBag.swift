/// Collects disposables and disposes them all when the bag itself is released.
///
/// To dispose early, replace the bag with a new one: `bag = DisposeBag()`.
public final class DisposeBag: Sendable {
    // @unchecked Sendable: it exists only inside `state`'s lock, and a disposable may be handed
    // to and disposed from any thread.
    private struct State: @unchecked Sendable {
        var members: [any Disposable] = []
        var disposed = false
    }

    private let state: RxMutex<State>

    /// An empty bag.
    public init() {
        state = RxMutex(State())
    }

    /// A bag that holds the arguments.
    public convenience init(disposing disposables: any Disposable...) {
        self.init(disposing: disposables)
    }

    /// A bag that holds the array's elements.
    public init(disposing disposables: [any Disposable]) {
        state = RxMutex(State(members: disposables))
    }

    /// Adds a disposable to the bag.
    public func insert(_ disposable: any Disposable) {
        insert([disposable])
    }

    /// Adds the arguments to the bag.
    public func insert(_ disposables: any Disposable...) {
        insert(disposables)
    }

    /// Adds the array's elements to the bag.
    public func insert(_ disposables: [any Disposable]) {
        let disposeNow: Bool = state.withLock { state in
            if state.disposed { return true }
            state.members.append(contentsOf: disposables)
            return false
        }
        if disposeNow {
            for disposable in disposables { disposable.dispose() }
        }
    }

    private func dispose() {
        let removed: [any Disposable] = state.withLock { state in
            state.disposed = true
            defer { state.members = [] }
            return state.members
        }
        for disposable in removed { disposable.dispose() }
    }

    deinit {
        dispose()
    }
}

extension Disposable {
    /// Adds `self` to `bag`, so that it is disposed when the bag is released.
    public func disposed(by bag: DisposeBag) {
        bag.insert(self)
    }
}
