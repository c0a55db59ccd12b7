// @unchecked Sendable: `current` and `disposed` are read and written only under `lock`.
/// Holds one replaceable disposable: setting a new one disposes the one it replaces.
///
/// Once the holder is disposed, any disposable assigned to it is disposed at once.
public final class SerialDisposable: Cancelable, @unchecked Sendable {
    private let lock = RxLock()
    private var current: (any Disposable)?
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
            let replaced: (disposeNew: Bool, old: (any Disposable)?) = lock.withLock {
                if disposed { return (true, nil) }
                defer { current = newValue }
                return (false, current)
            }
            if replaced.disposeNew {
                newValue?.dispose()
            }
            replaced.old?.dispose()
        }
    }

    /// Disposes the held disposable and every later one.
    public func dispose() {
        let held: (any Disposable)? = lock.withLock {
            if disposed { return nil }
            disposed = true
            defer { current = nil }
            return current
        }
        held?.dispose()
    }
}
