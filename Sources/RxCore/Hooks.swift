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

    private static let handlers = RxMutex<(DefaultErrorHandler, SynchronizationErrorHandler)>(
        (
            { _, error in printToStandardError("Unhandled error happened: \(error)") },
            { message in printToStandardError(message) }
        ))

    /// Called for every error that reaches `subscribe(onNext:onError:onCompleted:onDisposed:)`
    /// without an `onError`. The default prints the error.
    public static var defaultErrorHandler: DefaultErrorHandler {
        get { handlers.withLock { $0.0 } }
        set { handlers.withLock { $0.0 = newValue } }
    }

    /// Called, in debug builds only, when events reach one sink concurrently or reentrantly.
    /// The default prints the message.
    public static var synchronizationErrorHandler: SynchronizationErrorHandler {
        get { handlers.withLock { $0.1 } }
        set { handlers.withLock { $0.1 = newValue } }
    }
}
