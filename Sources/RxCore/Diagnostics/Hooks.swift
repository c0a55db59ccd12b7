import RxDisposables

/// Process-wide handlers for conditions the framework reports but cannot act on itself.
public enum Hooks {
    /// Receives an error that reached a subscriber with no `onError`, with the subscription's
    /// call stack when one was recorded (this implementation records none).
    public typealias DefaultErrorHandler =
        @Sendable (_ subscriptionCallStack: [String], _ error: any Swift.Error) -> Void

    /// Receives the message describing an Rx grammar violation found by the debug-build
    /// synchronization tracker: events sent to one sink from two threads at once, or reentrantly.
    public typealias SynchronizationErrorHandler = @Sendable (_ message: String) -> Void

    /// Both handlers, in a class so that the lock's generic storage holds a reference and never
    /// the closures themselves: a closure moved into and out of generic storage gains a
    /// conversion wrapper each time, and the wrappers pile up with every read and write.
    private final class Handlers: Sendable {
        let defaultError: DefaultErrorHandler
        let synchronization: SynchronizationErrorHandler

        init(defaultError: @escaping DefaultErrorHandler, synchronization: @escaping SynchronizationErrorHandler) {
            self.defaultError = defaultError
            self.synchronization = synchronization
        }
    }

    private static let handlers = RxMutex<Handlers>(
        Handlers(
            defaultError: { _, error in printToStandardError("Unhandled error happened: \(error)") },
            synchronization: { message in printToStandardError(message) }
        ))

    /// Called for every error that reaches `subscribe(onNext:onError:onCompleted:onDisposed:)`
    /// without an `onError`. The default prints the error.
    public static var defaultErrorHandler: DefaultErrorHandler {
        get { handlers.withLock { $0 }.defaultError }
        set { replace { Handlers(defaultError: newValue, synchronization: $0.synchronization) } }
    }

    /// Called, in debug builds only, when events reach one sink concurrently or reentrantly.
    /// The default prints the message.
    public static var synchronizationErrorHandler: SynchronizationErrorHandler {
        get { handlers.withLock { $0 }.synchronization }
        set { replace { Handlers(defaultError: $0.defaultError, synchronization: newValue) } }
    }

    /// Swaps in the handlers `make` builds from the current ones, and releases the old ones
    /// after the lock is given back: what a handler captured may read the hooks as it dies.
    private static func replace(_ make: (Handlers) -> Handlers) {
        let old: Handlers = handlers.withLock { current in
            let old = current
            current = make(current)
            return old
        }
        _ = old
    }
}
