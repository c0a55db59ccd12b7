import Synchronization

/// A `Mutex` whose hand-over from one holder to the next is visible to ThreadSanitizer.
///
/// On Linux a contended `Mutex` is taken in the kernel (a priority-inheritance futex) or in the
/// uninstrumented `Synchronization` library, so ThreadSanitizer never sees the ordering and
/// reports races on the state the lock guards. Here every holder also reads, on entry, an atomic
/// that the previous holder wrote on exit; that pair is compiled into the caller and instrumented,
/// so the sanitizer sees the order the lock guarantees. Outside the sanitizer the pair costs an
/// acquiring load and a releasing store, which are plain moves on x86 and cheap on ARM.
///
/// Use it exactly like `Mutex`: the lock holds the state it guards, so nothing reaches that
/// state without taking it. It is inlinable so that a module using it with its own state type
/// gets `withLock` specialised for that type, with no runtime lookup of the lock's generic type.
@usableFromInline
package struct RxMutex<Value: ~Copyable>: ~Copyable, Sendable {
    @usableFromInline
    let mutex: Mutex<Value>
    @usableFromInline
    let handOff = Atomic<Bool>(false)

    /// A lock guarding `initialValue`.
    @inlinable
    package init(_ initialValue: consuming sending Value) {
        mutex = Mutex(initialValue)
    }

    /// Runs `body` with exclusive access to the guarded value.
    @inlinable
    package borrowing func withLock<Result: ~Copyable, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        try mutex.withLock { (value: inout sending Value) throws(Failure) -> sending Result in
            _ = handOff.load(ordering: .acquiring)
            defer { handOff.store(true, ordering: .releasing) }
            return try body(&value)
        }
    }
}
