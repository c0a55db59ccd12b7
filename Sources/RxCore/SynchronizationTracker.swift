import RxDisposables

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Debug-build check that one sink receives events serially: it reports, through
/// ``Hooks/synchronizationErrorHandler``, an event that arrives while another is still being
/// delivered, from another thread or reentrantly from the same one.
@usableFromInline
final class SynchronizationTracker: Sendable {
    /// Deliveries in progress, per thread.
    private let inFlight = RxMutex<[UInt: Int]>([:])

    @usableFromInline
    init() {}

    @usableFromInline
    func register() {
        let thread = currentThreadIdentifier()
        let message: String? = inFlight.withLock { counts in
            let nested = counts[thread, default: 0] + 1
            counts[thread] = nested
            if counts.count > 1 {
                return """
                    Rx grammar violation: events were sent to one observer from two threads at once. \
                    An observable must deliver its events serially; make the producer synchronise its \
                    calls (a lock, a serial queue, or observe(on:) a serial scheduler).
                    """
            }
            if nested > 1 {
                return """
                    Rx grammar violation: an event was sent to an observer while it was still handling \
                    the previous one on the same thread (reentrancy). Break the cycle, or deliver the \
                    new event later through a scheduler.
                    """
            }
            return nil
        }
        if let message {
            Hooks.synchronizationErrorHandler(message)
        }
    }

    @usableFromInline
    func unregister() {
        let thread = currentThreadIdentifier()
        inFlight.withLock { counts in
            let remaining = counts[thread, default: 1] - 1
            counts[thread] = remaining == 0 ? nil : remaining
        }
    }

    private func currentThreadIdentifier() -> UInt {
        #if canImport(Darwin)
            UInt(bitPattern: pthread_self())
        #else
            UInt(pthread_self())
        #endif
    }
}
