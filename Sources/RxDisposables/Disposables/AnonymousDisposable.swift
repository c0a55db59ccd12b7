/// Runs a closure the first time it is disposed and releases the closure at once.
@usableFromInline
package final class AnonymousDisposable: Cancelable, Sendable {
    // @unchecked Sendable: it exists only inside `action`'s lock, and a dispose action may run
    // on any thread.
    private struct Action: @unchecked Sendable {
        var body: (() -> Void)?
        var disposed = false
    }

    private let action: RxMutex<Action>

    @usableFromInline
    package init(_ action: @escaping () -> Void) {
        self.action = RxMutex(Action(body: action))
    }

    @usableFromInline
    package var isDisposed: Bool {
        action.withLock { $0.disposed }
    }

    @usableFromInline
    package func dispose() {
        let body: (() -> Void)? = action.withLock { action in
            if action.disposed { return nil }
            action.disposed = true
            return action.body.take()
        }
        body?()
    }
}
