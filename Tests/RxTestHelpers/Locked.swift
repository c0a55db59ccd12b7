import RxDisposables

// @unchecked Sendable: `stored` is read and written only under `lock`.
/// A value shared between a test and the threads it starts.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = RxMutex<Void>(())
    private var stored: Value

    /// A shared `value`.
    public init(_ value: Value) {
        stored = value
    }

    /// The value now; setting it replaces it under the lock.
    public var value: Value {
        get { lock.withLock { _ in stored } }
        set { lock.withLock { _ in stored = newValue } }
    }

    /// Changes the value in place under the lock.
    public func mutate(_ change: (inout Value) -> Void) {
        lock.withLock { _ in change(&stored) }
    }
}
