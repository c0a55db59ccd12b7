// @unchecked Sendable: `action` is read and cleared only under `lock`.
/// Runs a closure the first time it is disposed and releases the closure at once.
@usableFromInline
package final class AnonymousDisposable: Cancelable, @unchecked Sendable {
    private let lock = RxLock()
    private var action: (() -> Void)?
    private var disposed = false

    @usableFromInline
    package init(_ action: @escaping () -> Void) {
        self.action = action
    }

    @usableFromInline
    package var isDisposed: Bool {
        lock.withLock { disposed }
    }

    @usableFromInline
    package func dispose() {
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
