/// A group of disposables disposed together, in the order they were added.
///
/// Members can be removed by the key ``insert(_:)`` returns. Adding to a group that is
/// already disposed disposes the new member at once.
public final class CompositeDisposable: Cancelable, Sendable {
    /// Identifies one member, for ``CompositeDisposable/remove(for:)``.
    public struct DisposeKey: Hashable, Sendable {
        fileprivate let value: UInt64
    }

    // @unchecked Sendable: it exists only inside `state`'s lock, and a disposable may be handed
    // to and disposed from any thread.
    private struct State: @unchecked Sendable {
        var members: [UInt64: any Disposable] = [:]
        var nextKey: UInt64 = 0
        var disposed = false
    }

    private let state: RxMutex<State>

    /// An empty group.
    public init() {
        state = RxMutex(State())
    }

    /// A group of two.
    public convenience init(_ disposable1: any Disposable, _ disposable2: any Disposable) {
        self.init(disposables: [disposable1, disposable2])
    }

    /// A group of three.
    public convenience init(_ disposable1: any Disposable, _ disposable2: any Disposable, _ disposable3: any Disposable)
    {
        self.init(disposables: [disposable1, disposable2, disposable3])
    }

    /// A group of the arguments.
    public convenience init(_ disposables: any Disposable...) {
        self.init(disposables: disposables)
    }

    /// RxSwift's spelling of a group of four or more, kept for references by this name; a call
    /// picks `init(_:)`, which takes any number.
    @_disfavoredOverload
    public convenience init(
        _ disposable1: any Disposable, _ disposable2: any Disposable, _ disposable3: any Disposable,
        _ disposable4: any Disposable, _ disposables: any Disposable...
    ) {
        self.init(disposables: [disposable1, disposable2, disposable3, disposable4] + disposables)
    }

    /// A group of the array's elements.
    public init(disposables: [any Disposable]) {
        var members: [UInt64: any Disposable] = [:]
        for (key, disposable) in disposables.enumerated() {
            members[UInt64(key)] = disposable
        }
        state = RxMutex(State(members: members, nextKey: UInt64(disposables.count)))
    }

    /// Whether ``dispose()`` has been called.
    public var isDisposed: Bool {
        state.withLock { $0.disposed }
    }

    /// How many members the group holds now; zero once disposed.
    public var count: Int {
        state.withLock { $0.members.count }
    }

    /// Adds a member and returns the key that removes it, or disposes it at once and returns
    /// `nil` when the group is already disposed.
    @discardableResult
    public func insert(_ disposable: any Disposable) -> DisposeKey? {
        let key: DisposeKey? = state.withLock { state in
            if state.disposed { return nil }
            let key = state.nextKey
            state.nextKey += 1
            state.members[key] = disposable
            return DisposeKey(value: key)
        }
        if key == nil {
            disposable.dispose()
        }
        return key
    }

    /// Removes the member with `key` and disposes it. An unknown or already removed key does nothing.
    public func remove(for key: DisposeKey) {
        let removed: (any Disposable)? = state.withLock { state in
            state.members.removeValue(forKey: key.value)
        }
        removed?.dispose()
    }

    /// Disposes every member, in the order they were added, and every member added later.
    public func dispose() {
        let removed: [(key: UInt64, value: any Disposable)] = state.withLock { state in
            if state.disposed { return [] }
            state.disposed = true
            defer { state.members = [:] }
            return state.members.sorted { $0.key < $1.key }
        }
        for member in removed {
            member.value.dispose()
        }
    }
}
