import RxDisposables

// @unchecked Sendable: `stored` is read and written only under `lock`.
/// A value shared between a test and the threads it starts.
final class Locked<Value>: @unchecked Sendable {
    private let lock = RxMutex<Void>(())
    private var stored: Value

    init(_ value: Value) {
        stored = value
    }

    var value: Value {
        get { lock.withLock { _ in stored } }
        set { lock.withLock { _ in stored = newValue } }
    }

    func mutate(_ change: (inout Value) -> Void) {
        lock.withLock { _ in change(&stored) }
    }
}
