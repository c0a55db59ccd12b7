// @unchecked Sendable: `members`, `nextKey` and `disposed` are touched only under `lock`.
/// A group of disposables disposed together, in the order they were added.
///
/// Members can be removed by the key ``insert(_:)`` returns. Adding to a group that is
/// already disposed disposes the new member at once.
public final class CompositeDisposable: Cancelable, @unchecked Sendable {
    /// Identifies one member, for ``CompositeDisposable/remove(for:)``.
    public struct DisposeKey: Hashable, Sendable {
        fileprivate let value: UInt64
    }

    private let lock = RxLock()
    private var members: [UInt64: any Disposable] = [:]
    private var nextKey: UInt64 = 0
    private var disposed = false

    /// An empty group.
    public init() {}

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
        for disposable in disposables {
            members[nextKey] = disposable
            nextKey += 1
        }
    }

    /// Whether ``dispose()`` has been called.
    public var isDisposed: Bool {
        lock.withLock { disposed }
    }

    /// How many members the group holds now; zero once disposed.
    public var count: Int {
        lock.withLock { members.count }
    }

    /// Adds a member and returns the key that removes it, or disposes it at once and returns
    /// `nil` when the group is already disposed.
    @discardableResult
    public func insert(_ disposable: any Disposable) -> DisposeKey? {
        let key: DisposeKey? = lock.withLock {
            if disposed { return nil }
            let key = nextKey
            nextKey += 1
            members[key] = disposable
            return DisposeKey(value: key)
        }
        if key == nil {
            disposable.dispose()
        }
        return key
    }

    /// Removes the member with `key` and disposes it. An unknown or already removed key does nothing.
    public func remove(for key: DisposeKey) {
        let removed: (any Disposable)? = lock.withLock {
            members.removeValue(forKey: key.value)
        }
        removed?.dispose()
    }

    /// Disposes every member, in the order they were added, and every member added later.
    public func dispose() {
        let removed: [(key: UInt64, value: any Disposable)] = lock.withLock {
            if disposed { return [] }
            disposed = true
            defer { members = [:] }
            return members.sorted { $0.key < $1.key }
        }
        for member in removed {
            member.value.dispose()
        }
    }
}
