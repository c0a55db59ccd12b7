// @unchecked Sendable: `current` and the flags are read and written only under `lock`.
/// Holds one disposable that is set later, exactly once.
///
/// If the holder is disposed before the disposable arrives, the disposable is disposed the
/// moment it is set. Setting it twice is a programmer error and stops the program.
public final class SingleAssignmentDisposable: Cancelable, @unchecked Sendable {
    private let lock = RxLock()
    private var current: (any Disposable)?
    private var assigned = false
    private var disposed = false

    /// An empty holder.
    public init() {}

    /// Whether ``dispose()`` has been called.
    public var isDisposed: Bool {
        lock.withLock { disposed }
    }

    /// Sets the held disposable; disposes it at once when the holder is already disposed.
    ///
    /// - Precondition: called at most once.
    public func setDisposable(_ disposable: any Disposable) {
        let disposeNow: Bool = lock.withLock {
            if assigned {
                rxFatalError("SingleAssignmentDisposable.setDisposable(_:) was called a second time")
            }
            assigned = true
            if disposed { return true }
            current = disposable
            return false
        }
        if disposeNow {
            disposable.dispose()
        }
    }

    /// Disposes the held disposable, now or when it is set; later calls do nothing.
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
