import Synchronization

/// ``RxMutex`` for a lock that guards plain stored properties rather than a value: a `Mutex`
/// with the same hand-off atomic, so that ThreadSanitizer sees the order the lock guarantees
/// (``RxMutex`` explains why it needs one).
///
/// It is not generic, so code in other modules, generic code included, runs `withLock` inlined
/// and specialised; a generic lock made every such call ask the runtime for the lock's type
/// metadata, twice.
///
/// Use: `private let lock = RxLock()`, `lock.withLock { ... }`.
@usableFromInline
package struct RxLock: ~Copyable, Sendable {
    @usableFromInline
    let mutex = Mutex<Void>(())
    @usableFromInline
    let handOff = Atomic<Bool>(false)

    /// An unlocked lock.
    @inlinable
    package init() {}

    /// Runs `body` while holding the lock.
    @inlinable
    package borrowing func withLock<Result: ~Copyable, Failure: Error>(
        _ body: () throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        try mutex.withLock { (_: inout sending Void) throws(Failure) -> sending Result in
            _ = handOff.load(ordering: .acquiring)
            defer { handOff.store(true, ordering: .releasing) }
            return try body()
        }
    }

    /// Runs `body` while holding the lock, like ``withLock(_:)``, for a result that the
    /// compiler cannot prove is disconnected from the object the lock guards: a snapshot of a
    /// subject's observer list, say.
    ///
    /// `withLock` requires a `sending` result, which a value read from a non-`Sendable` object's
    /// stored properties is not. Use this only where every access to those properties takes
    /// this lock, and say at the call's type what makes sharing the result safe.
    @inlinable
    package borrowing func withLockUnchecked<Result>(_ body: () -> Result) -> Result {
        mutex.withLock { (_: inout sending Void) -> sending Result in
            _ = handOff.load(ordering: .acquiring)
            defer { handOff.store(true, ordering: .releasing) }
            // What the doc comment above requires of the caller is what makes this safe.
            nonisolated(unsafe) let result = body()
            return result
        }
    }
}
