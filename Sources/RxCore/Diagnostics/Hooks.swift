import RxDisposables
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Process-wide handlers for conditions the framework reports but cannot act on itself.
public enum Hooks {
    /// Receives an error that reached a subscriber with no `onError`, with the subscription's
    /// call stack when one was recorded (see ``recordCallStackOnError``), else an empty one.
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
        let captureCallStack: CustomCaptureSubscriptionCallstack

        init(
            defaultError: @escaping DefaultErrorHandler, synchronization: @escaping SynchronizationErrorHandler,
            captureCallStack: @escaping CustomCaptureSubscriptionCallstack
        ) {
            self.defaultError = defaultError
            self.synchronization = synchronization
            self.captureCallStack = captureCallStack
        }
    }

    private static let handlers = RxMutex<Handlers>(
        Handlers(
            defaultError: { _, error in printToStandardError("Unhandled error happened: \(error)") },
            synchronization: { message in printToStandardError(message) },
            captureCallStack: { callStackSymbols() }
        ))

    /// Captures the call stack of a subscription as it is made, for ``defaultErrorHandler``.
    public typealias CustomCaptureSubscriptionCallstack = @Sendable () -> [String]

    private static let recordsCallStack = Atomic<Bool>(false)

    /// Whether each `subscribe` with closures records its call stack, through
    /// ``customCaptureSubscriptionCallstack``, to hand to ``defaultErrorHandler`` with an error
    /// that subscription does not handle. Off by default: recording costs every subscription a
    /// walk of the stack.
    public static var recordCallStackOnError: Bool {
        get { recordsCallStack.load(ordering: .relaxed) }
        set { recordsCallStack.store(newValue, ordering: .relaxed) }
    }

    /// How a subscription's call stack is recorded when ``recordCallStackOnError`` is on. The
    /// default lists the symbols of the stack's frames, one line each, where the platform can
    /// (glibc and Apple platforms), and nothing elsewhere.
    public static var customCaptureSubscriptionCallstack: CustomCaptureSubscriptionCallstack {
        get { handlers.withLock { $0 }.captureCallStack }
        set {
            replace {
                Handlers(defaultError: $0.defaultError, synchronization: $0.synchronization, captureCallStack: newValue)
            }
        }
    }

    /// The call stack to keep for a subscription being made: empty unless
    /// ``recordCallStackOnError`` is on.
    @inlinable
    package static func subscriptionCallStack() -> [String] {
        recordCallStackOnError ? customCaptureSubscriptionCallstack() : []
    }

    /// Called for every error that reaches `subscribe(onNext:onError:onCompleted:onDisposed:)`
    /// without an `onError`. The default prints the error.
    public static var defaultErrorHandler: DefaultErrorHandler {
        get { handlers.withLock { $0 }.defaultError }
        set {
            replace {
                Handlers(
                    defaultError: newValue, synchronization: $0.synchronization, captureCallStack: $0.captureCallStack)
            }
        }
    }

    /// Called, in debug builds only, when events reach one sink concurrently or reentrantly.
    /// The default prints the message.
    public static var synchronizationErrorHandler: SynchronizationErrorHandler {
        get { handlers.withLock { $0 }.synchronization }
        set {
            replace {
                Handlers(
                    defaultError: $0.defaultError, synchronization: newValue, captureCallStack: $0.captureCallStack)
            }
        }
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

/// The symbols of the current thread's stack frames, innermost first, one line each; empty
/// where the C library has no `backtrace`.
///
/// The C library's `backtrace` and `backtrace_symbols` are looked up at run time: their header,
/// `execinfo.h`, is not part of the module Swift imports for the C library on Linux.
private func callStackSymbols() -> [String] {
    #if canImport(Glibc) || canImport(Darwin)
        typealias Backtrace = @convention(c) (UnsafeMutablePointer<UnsafeMutableRawPointer?>?, Int32) -> Int32
        typealias BacktraceSymbols =
            @convention(c) (UnsafePointer<UnsafeMutableRawPointer?>?, Int32) -> UnsafeMutablePointer<
                UnsafeMutablePointer<CChar>?
            >?
        // `RTLD_DEFAULT`: every loaded image, in load order.
        #if canImport(Darwin)
            let everyImage = UnsafeMutableRawPointer(bitPattern: -2)
        #else
            let everyImage: UnsafeMutableRawPointer? = nil
        #endif
        guard let backtraceAddress = dlsym(everyImage, "backtrace"),
            let symbolsAddress = dlsym(everyImage, "backtrace_symbols")
        else { return [] }
        let backtrace = unsafeBitCast(backtraceAddress, to: Backtrace.self)
        let backtraceSymbols = unsafeBitCast(symbolsAddress, to: BacktraceSymbols.self)
        var frames = [UnsafeMutableRawPointer?](repeating: nil, count: 128)
        let count = frames.withUnsafeMutableBufferPointer { backtrace($0.baseAddress, Int32($0.count)) }
        guard count > 0, let symbols = backtraceSymbols(frames, count) else { return [] }
        defer { free(symbols) }
        return (0..<Int(count)).map { index in symbols[index].map { String(cString: $0) } ?? "?" }
    #else
        return []
    #endif
}
