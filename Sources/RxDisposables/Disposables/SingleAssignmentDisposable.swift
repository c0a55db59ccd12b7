/// Holds one disposable that is set later, exactly once.
///
/// If the holder is disposed before the disposable arrives, the disposable is disposed the
/// moment it is set. Setting it twice is a programmer error and stops the program.
public final class SingleAssignmentDisposable: Cancelable, Sendable {
    // @unchecked Sendable: it exists only inside `state`'s lock, and a disposable may be handed
    // to and disposed from any thread.
    private struct State: @unchecked Sendable {
        var current: (any Disposable)?
        var assigned = false
        var disposed = false
    }

    private let state = RxMutex(State())

    /// An empty holder.
    public init() {}

    /// Whether ``dispose()`` has been called.
    public var isDisposed: Bool {
        state.withLock { $0.disposed }
    }

    /// Sets the held disposable; disposes it at once when the holder is already disposed.
    ///
    /// - Precondition: called at most once.
    public func setDisposable(_ disposable: any Disposable) {
        let disposeNow: Bool = state.withLock { state in
            if state.assigned {
                rxFatalError("SingleAssignmentDisposable.setDisposable(_:) was called a second time")
            }
            state.assigned = true
            if state.disposed { return true }
            state.current = disposable
            return false
        }
        if disposeNow {
            disposable.dispose()
        }
    }

    /// Disposes the held disposable, now or when it is set; later calls do nothing.
    public func dispose() {
        let held: (any Disposable)? = state.withLock { state in
            if state.disposed { return nil }
            state.disposed = true
            defer { state.current = nil }
            return state.current
        }
        held?.dispose()
    }
}
