/// Shares one underlying disposable among several holders: it is disposed once the owner has
/// called ``dispose()`` and every handle from ``retain()`` has been disposed too.
public final class RefCountDisposable: Cancelable, Sendable {
    // @unchecked Sendable: it exists only inside `state`'s lock, and a disposable may be
    // disposed from any thread.
    private struct State: @unchecked Sendable {
        var underlying: (any Disposable)?
        var count = 0
        var primaryDisposed = false
    }

    private let state: RxMutex<State>

    /// Wraps `disposable`.
    public init(disposable: any Disposable) {
        state = RxMutex(State(underlying: disposable))
    }

    /// Whether the underlying disposable has been disposed.
    public var isDisposed: Bool {
        state.withLock { $0.underlying == nil }
    }

    /// A handle that keeps the underlying disposable alive until the handle is disposed.
    /// After the underlying disposable is gone it returns a handle that does nothing.
    public func retain() -> any Disposable {
        let alive: Bool = state.withLock { state in
            guard state.underlying != nil else { return false }
            state.count += 1
            return true
        }
        guard alive else { return Disposables.create() }
        return Disposables.create(with: { [self] in release() })
    }

    /// Gives up the owner's claim; disposes the underlying disposable if no handle is held.
    public func dispose() {
        let toDispose: (any Disposable)? = state.withLock { state in
            guard state.underlying != nil, !state.primaryDisposed else { return nil }
            state.primaryDisposed = true
            guard state.count == 0 else { return nil }
            return state.underlying.take()
        }
        toDispose?.dispose()
    }

    private func release() {
        let toDispose: (any Disposable)? = state.withLock { state in
            guard state.underlying != nil else { return nil }
            state.count -= 1
            guard state.primaryDisposed, state.count == 0 else { return nil }
            return state.underlying.take()
        }
        toDispose?.dispose()
    }
}
