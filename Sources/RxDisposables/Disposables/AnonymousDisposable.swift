// @unchecked Sendable: `action` is read and cleared only under `lock`.
/// Runs a closure the first time it is disposed and releases the closure at once.
final class AnonymousDisposable: Cancelable, @unchecked Sendable {
    private let lock = RxLock()
    private var action: (() -> Void)?
    private var disposed = false

    init(_ action: @escaping () -> Void) {
        self.action = action
    }

    var isDisposed: Bool {
        lock.withLock { disposed }
    }

    func dispose() {
        let action: (() -> Void)? = lock.withLock {
            if disposed { return nil }
            disposed = true
            let action = self.action
            self.action = nil
            return action
        }
        action?()
    }
}
