// @unchecked Sendable: `underlying`, `count` and `primaryDisposed` are touched only under `lock`.
/// Shares one underlying disposable among several holders: it is disposed once the owner has
/// called ``dispose()`` and every handle from ``retain()`` has been disposed too.
public final class RefCountDisposable: Cancelable, @unchecked Sendable {
    private let lock = RxLock()
    private var underlying: (any Disposable)?
    private var count = 0
    private var primaryDisposed = false

    /// Wraps `disposable`.
    public init(disposable: any Disposable) {
        underlying = disposable
    }

    /// Whether the underlying disposable has been disposed.
    public var isDisposed: Bool {
        lock.withLock { underlying == nil }
    }

    /// A handle that keeps the underlying disposable alive until the handle is disposed.
    /// After the underlying disposable is gone it returns a handle that does nothing.
    public func retain() -> any Disposable {
        let alive: Bool = lock.withLock {
            guard underlying != nil else { return false }
            count += 1
            return true
        }
        guard alive else { return Disposables.create() }
        return Disposables.create(with: { [self] in release() })
    }

    /// Gives up the owner's claim; disposes the underlying disposable if no handle is held.
    public func dispose() {
        let toDispose: (any Disposable)? = lock.withLock {
            guard let underlying, !primaryDisposed else { return nil }
            primaryDisposed = true
            guard count == 0 else { return nil }
            self.underlying = nil
            return underlying
        }
        toDispose?.dispose()
    }

    private func release() {
        let toDispose: (any Disposable)? = lock.withLock {
            guard let underlying else { return nil }
            count -= 1
            guard primaryDisposed, count == 0 else { return nil }
            self.underlying = nil
            return underlying
        }
        toDispose?.dispose()
    }
}
