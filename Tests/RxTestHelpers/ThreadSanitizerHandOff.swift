#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The happens-before edge that resuming a continuation gives the task it resumes, told to
/// ThreadSanitizer on the one path where the Swift runtime leaves it untold.
///
/// Resuming a continuation (as an `AsyncStream` does when it hands an element to a task waiting
/// in `next()`) releases on the task, for ThreadSanitizer, before the runtime marks the
/// continuation resumed (`_swift_tsan_release` in the runtime's `resumeTaskAfterContinuation`),
/// and the runtime acquires on the task when it runs the task's next job. But when the
/// continuation is resumed after the task registered it and before the task reached its
/// `await`, `swift_continuation_awaitImpl` finds it resumed and goes on at once: it orders that
/// with an acquiring load of the continuation's state, which ThreadSanitizer cannot see, and
/// tells it nothing. Whatever the resuming thread wrote before resuming (the element, built on
/// the sending thread) then looks, to ThreadSanitizer, as if the task read it unsynchronised.
///
/// ``acquireWhatTheResumerReleased()``, called by the task right after such an `await`, is
/// that missing acquire: on the same task, so it adds no edge the runtime does not already
/// give. Outside ThreadSanitizer it does nothing.
public enum ThreadSanitizerHandOff {
    private typealias Acquire = @convention(c) (UnsafeMutableRawPointer?) -> Void

    /// ThreadSanitizer's `__tsan_acquire`, when the process runs under it.
    private static let acquire: Acquire? = {
        guard let symbol = dlsym(nil, "__tsan_acquire") else { return nil }
        return unsafeBitCast(symbol, to: Acquire.self)
    }()

    /// Acquires, for ThreadSanitizer, what the thread that last resumed the current task
    /// released on it. Call it right after an `await` that a continuation ends, before reading
    /// what the resuming thread handed over.
    public static func acquireWhatTheResumerReleased() {
        guard let acquire else { return }
        withUnsafeCurrentTask { task in
            // The runtime releases on the task object itself, which `UnsafeCurrentTask` wraps.
            guard let task else { return }
            acquire(unsafeBitCast(task, to: UnsafeMutableRawPointer.self))
        }
    }
}
