import Synchronization

/// The timeline's `Mutex`, with its hand-over from one holder to the next made visible to
/// ThreadSanitizer.
///
/// On Linux a contended `Mutex` waits in the kernel, which the sanitizer does not see, so it
/// would report races on the state the lock guards. Every holder also reads, on entry, an atomic
/// the previous holder wrote on exit, as `RxMutex` of RxDisposables does (this module depends on
/// no other): an acquiring load and a releasing store, plain moves on x86.
struct TimelineLock<Value: ~Copyable>: ~Copyable, Sendable {
    private let mutex: Mutex<Value>
    private let handOff = Atomic<Bool>(false)

    init(_ initialValue: consuming sending Value) {
        mutex = Mutex(initialValue)
    }

    /// Runs `body` with exclusive access to the guarded value.
    borrowing func withLock<Result: ~Copyable, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        try mutex.withLock { (value: inout sending Value) throws(Failure) -> sending Result in
            _ = handOff.load(ordering: .acquiring)
            defer { handOff.store(true, ordering: .releasing) }
            return try body(&value)
        }
    }
}
