// @unchecked Sendable: `members` and `disposed` are touched only under `lock`.
/// Collects disposables and disposes them all when the bag itself is released.
///
/// To dispose early, replace the bag with a new one: `bag = DisposeBag()`.
public final class DisposeBag: @unchecked Sendable {
    private let lock = RxLock()
    private var members: [any Disposable] = []
    private var disposed = false

    /// An empty bag.
    public init() {}

    /// A bag that holds the arguments.
    public convenience init(disposing disposables: any Disposable...) {
        self.init(disposing: disposables)
    }

    /// A bag that holds the array's elements.
    public init(disposing disposables: [any Disposable]) {
        members = disposables
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
        let disposeNow: Bool = lock.withLock {
            if disposed { return true }
            members.append(contentsOf: disposables)
            return false
        }
        if disposeNow {
            for disposable in disposables { disposable.dispose() }
        }
    }

    private func dispose() {
        let removed: [any Disposable] = lock.withLock {
            disposed = true
            defer { members = [] }
            return members
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
