import RxDisposables

extension Hooks {
    /// Receives the message of an isolation violation: a closure written in main-actor code
    /// about to be called off the main thread (``HandlerIsolation``).
    public typealias IsolationViolationHandler = @Sendable (_ message: String) -> Void

    /// The handler, in a class so that the lock holds a reference and never the closure itself.
    private final class IsolationViolationBox: Sendable {
        let handler: IsolationViolationHandler

        init(_ handler: @escaping IsolationViolationHandler) {
            self.handler = handler
        }
    }

    private static let isolationViolation = RxMutex<IsolationViolationBox>(
        IsolationViolationBox { message in fatalError(message) })

    /// Called when a closure written in main-actor code is about to run off the main thread. The
    /// default stops the program with the message, which names the closure, the call site it was
    /// handed over at and the fix.
    ///
    /// The library cannot tell whether the code that wrote the closure was compiled in the
    /// Swift 6 language mode, where the compiler assumes such a closure runs on the main thread,
    /// or in the Swift 5 mode, where it assumes nothing and RxSwift runs the closure wherever the
    /// event arrives. A codebase migrating from RxSwift in the Swift 5 mode can set a handler
    /// that logs the message and returns: the closure then runs where the event arrived, as it
    /// did with RxSwift, and each place is reported. Closures written in an actor other than the
    /// main one are checked by the runtime, which always stops the program.
    public static var isolationViolationHandler: IsolationViolationHandler {
        get { isolationViolation.withLock { $0 }.handler }
        set {
            let old = isolationViolation.withLock { current in
                defer { current = IsolationViolationBox(newValue) }
                return current
            }
            // Released after the lock: what the old handler captured may read the hooks as it dies.
            _ = old
        }
    }
}
