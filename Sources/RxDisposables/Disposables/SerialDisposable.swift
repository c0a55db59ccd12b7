// @unchecked Sendable: `current` and `disposed` are read and written only under `lock`.
/// Holds one replaceable disposable: setting a new one disposes the one it replaces.
///
/// Once the holder is disposed, any disposable assigned to it is disposed at once.
public final class SerialDisposable: Cancelable, @unchecked Sendable {
    private let lock = RxLock()
    // Read and written only under `lock`, which keeps the accesses apart: the runtime's
    // exclusivity check, a call on every access, is left out.
    @exclusivity(unchecked)
    private var current: (any Disposable)?
    @exclusivity(unchecked)
    private var disposed = false

    /// An empty holder.
    public init() {}

    /// Whether ``dispose()`` has been called.
    public var isDisposed: Bool {
        lock.withLock { disposed }
    }

    /// The held disposable. Setting it disposes the previous one, or the new one when the
    /// holder is already disposed. Reading it after disposal gives `nil`.
    public var disposable: (any Disposable)? {
        get {
            lock.withLock { current }
        }
        set {
            // Swapped with the held one unless the holder is disposed: either way, what is left
            // here is what to dispose, after the lock.
            var outgoing = newValue
            lock.withLock {
                if !disposed {
                    swap(&current, &outgoing)
                }
            }
            outgoing?.dispose()
        }
    }

    /// Disposes the held disposable and every later one.
    public func dispose() {
        var held: (any Disposable)? = nil
        lock.withLock {
            if !disposed {
                disposed = true
                swap(&current, &held)
            }
        }
        held?.dispose()
    }
}
