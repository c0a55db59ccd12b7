/// Holds one replaceable disposable: setting a new one disposes the one it replaces.
///
/// Once the holder is disposed, any disposable assigned to it is disposed at once.
public final class SerialDisposable: Cancelable, Sendable {
    // @unchecked Sendable: it exists only inside `state`'s lock, and a disposable may be handed
    // to and disposed from any thread.
    private struct State: @unchecked Sendable {
        var current: (any Disposable)?
        var disposed = false
    }

    private let state = RxMutex(State())

    /// An empty holder.
    public init() {}

    /// Whether ``dispose()`` has been called.
    public var isDisposed: Bool {
        state.withLock { $0.disposed }
    }

    /// The held disposable. Setting it disposes the previous one, or the new one when the
    /// holder is already disposed. Reading it after disposal gives `nil`.
    public var disposable: (any Disposable)? {
        get {
            state.withLock { $0.current }
        }
        set {
            // Swapped with the held one unless the holder is disposed: either way, what is left
            // here is what to dispose, after the lock.
            var outgoing = newValue
            state.withLock { state in
                if !state.disposed {
                    swap(&state.current, &outgoing)
                }
            }
            outgoing?.dispose()
        }
    }

    /// Disposes the held disposable and every later one.
    public func dispose() {
        // Swapped out into a variable, as the setter does: returned from the lock's closure, it
        // was copied once more after the lock and both copies destroyed.
        var held: (any Disposable)? = nil
        state.withLock { state in
            if !state.disposed {
                state.disposed = true
                swap(&state.current, &held)
            }
        }
        held?.dispose()
    }
}
