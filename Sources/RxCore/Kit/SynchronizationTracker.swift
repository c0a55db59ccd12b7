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
///
/// A producer that breaks the rule usually does so for every event, so each sink reports once,
/// naming its type, the sequence's element type and the event, and then stays quiet. The sinks
/// downstream of the one that reports see the same overlap; they stay quiet too while that
/// delivery runs, so a chain of operators reports once, at the stage nearest the producer.
@usableFromInline
final class SynchronizationTracker: Sendable {
    /// How a delivery overlapped another.
    @usableFromInline
    enum Overlap: Sendable {
        /// Another thread was delivering.
        case concurrent
        /// The same thread was delivering: an observer sent an event back while handling one.
        case reentrant
    }

    /// Deliveries in progress, per thread, and whether this sink has reported already.
    private let state = RxMutex<(inFlight: [UInt: Int], hasReported: Bool)>(([:], false))

    /// Set, on the thread of a delivery that overlapped another, for as long as that delivery
    /// runs: the overlaps that the sinks downstream see then are the same one.
    @TaskLocal private static var isDeliveringAnOverlap = false

    @usableFromInline
    init() {}

    /// Records that the current thread starts a delivery, and returns how it overlaps one in
    /// progress, if it does. Each call is paired with ``unregister()``.
    @usableFromInline
    func register() -> Overlap? {
        let thread = currentThreadIdentifier()
        return state.withLock { state in
            let nested = state.inFlight[thread, default: 0] + 1
            state.inFlight[thread] = nested
            if state.inFlight.count > 1 {
                return .concurrent
            }
            return nested > 1 ? .reentrant : nil
        }
    }

    /// Records that the current thread finished a delivery.
    @usableFromInline
    func unregister() {
        let thread = currentThreadIdentifier()
        state.withLock { state in
            let remaining = state.inFlight[thread, default: 1] - 1
            state.inFlight[thread] = remaining == 0 ? nil : remaining
        }
    }

    /// Reports `overlap` unless this sink reported before or an overlap reported upstream is
    /// being delivered on this thread, then runs `delivery`, during which the sinks downstream
    /// report nothing.
    @usableFromInline
    func report<Element>(
        _ overlap: Overlap, of event: DeliveredEvent, in sink: AnyObject, elementType: Element.Type,
        during delivery: () -> Void
    ) {
        report(
            message: Self.message(overlap, of: event, in: type(of: sink), elementType: elementType), during: delivery)
    }

    /// Reports `message` as ``report(_:of:in:elementType:during:)`` reports an overlap, then runs
    /// `delivery`; for receivers that are not sinks, such as subjects.
    func report(message: @autoclosure () -> String, during delivery: () -> Void) {
        if !Self.isDeliveringAnOverlap {
            let isFirst = state.withLock { state in
                defer { state.hasReported = true }
                return !state.hasReported
            }
            if isFirst {
                // Outside the lock: the handler is the user's code.
                Hooks.synchronizationErrorHandler(message())
            }
        }
        Self.$isDeliveringAnOverlap.withValue(true, operation: delivery)
    }

    /// The text reported for `overlap`: what reached which sink of which sequence, what the
    /// rule is and how to keep it.
    static func message<Element>(
        _ overlap: Overlap, of event: DeliveredEvent, in sinkType: AnyObject.Type, elementType: Element.Type
    ) -> String {
        let what = "\(event.withArticle) event reached \(sinkType) (the sink of an Observable<\(elementType)>)"
        switch overlap {
        case .concurrent:
            return """
                Rx grammar violation: \(what) from a second thread while another thread was still \
                delivering to it. An observable must send its events one at a time: make its producer \
                serialize its calls to the observer (a lock around them, or one serial queue that makes \
                them all). Reported once per subscription.
                """
        case .reentrant:
            return """
                Rx grammar violation: \(what) while it was still delivering the previous event on the \
                same thread (reentrancy): an observer sent an event back into its own source. Break the \
                cycle, or send the new event later through a scheduler (observe(on:) a serial \
                scheduler). Reported once per subscription.
                """
        }
    }

    /// The text reported when `overlap` happened on a subject (or relay): what reached which
    /// subject, what the rule is and how to keep it.
    static func subjectMessage(_ overlap: Overlap, of event: DeliveredEvent, in subjectType: AnyObject.Type) -> String {
        let what = "\(event.withArticle) event was sent to \(subjectType)"
        switch overlap {
        case .concurrent:
            return """
                Rx grammar violation: \(what) from a second thread while another thread was still \
                sending to it. A subject is an observer: send to it from one thread at a time (a lock \
                around the sends, one serial queue for them, or observe(on:) a serial scheduler before \
                binding to it). Subscribing and disposing may happen on any thread. Reported once per \
                subject.
                """
        case .reentrant:
            return """
                Rx grammar violation: \(what) while it was still delivering the previous event on the \
                same thread (reentrancy): an observer sent an event back into the subject it observes. \
                The nested event reaches every observer before the outer one finishes, as in RxSwift; \
                to keep events in order, send it later through a scheduler. Reported once per subject.
                """
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
