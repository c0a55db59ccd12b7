import Synchronization

/// A disposable that only records whether it has been disposed.
public final class BooleanDisposable: Cancelable, Sendable {
    private let disposed: Atomic<Bool>

    /// A disposable that has not been disposed yet.
    public init() {
        disposed = Atomic(false)
    }

    /// A disposable whose state starts as `isDisposed`.
    public init(isDisposed: Bool) {
        disposed = Atomic(isDisposed)
    }

    /// Whether ``dispose()`` has been called (or the disposable was created disposed).
    public var isDisposed: Bool {
        disposed.load(ordering: .acquiring)
    }

    /// Marks the disposable as disposed.
    public func dispose() {
        disposed.store(true, ordering: .releasing)
    }
}
