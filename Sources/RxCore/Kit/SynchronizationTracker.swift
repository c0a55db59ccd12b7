import RxDisposables
import Synchronization

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
        /// As ``reentrant``, for an event the sink held back while it delivered and passes on
        /// now that the delivery returned: the serializing sinks (`merge`, `combineLatest`, the
        /// time operators) queue such an event rather than deliver it nested, where RxSwift
        /// nests it and reports it.
        case heldBack
    }

    /// Deliveries in progress, per thread; whether this sink has reported already; and how many
    /// overlaps had been seen, anywhere, when its current delivery began (``overlapsSeen``).
    private let state = RxMutex<(inFlight: [UInt: Int], hasReported: Bool, overlapsAtStart: UInt64)>(
        ([:], false, 0))

    /// How many overlaps any sink or subject has seen, reported or not: an event a sink held back
    /// and passes on after its delivery reports nothing when an overlap was seen during that
    /// delivery, since that is the overlap that made it (a subject upstream reported the send
    /// that reached the sink). Counted for the whole process, so an overlap on another thread
    /// meanwhile can silence one report: the check reports once per subscription anyway.
    private static let overlapsSeen = Atomic<UInt64>(0)

    /// Set, on the thread of a delivery that overlapped another, for as long as that delivery
    /// runs: the overlaps that the sinks downstream see then are the same one.
    @TaskLocal private static var isDeliveringAnOverlap = false

    #if DEBUG
        /// Set, on the thread of a sink passing on the events it held back while it delivered
        /// (``ReentrancyCheck/deliveringHeldBackEvents(_:)``), for as long as it does.
        @TaskLocal fileprivate static var isDeliveringHeldBackEvents = false
    #endif

    @usableFromInline
    init() {}

    /// Records that the current thread starts a delivery, and returns how it overlaps one in
    /// progress, if it does: another thread's, one on this thread it is nested in, or one this
    /// sink held it back from (``Overlap/heldBack``). Each call is paired with ``unregister()``.
    @usableFromInline
    func register() -> Overlap? {
        let thread = currentThreadIdentifier()
        #if DEBUG
            let heldBack = Self.isDeliveringHeldBackEvents
        #else
            let heldBack = false
        #endif
        return state.withLock { state in
            let nested = state.inFlight[thread, default: 0] + 1
            state.inFlight[thread] = nested
            if state.inFlight.count > 1 {
                return .concurrent
            }
            if nested > 1 {
                return .reentrant
            }
            if heldBack {
                return .heldBack
            }
            state.overlapsAtStart = Self.overlapsSeen.load(ordering: .relaxed)
            return nil
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
        // A held-back event whose overlap was seen, and reported, as it was sent is the same one.
        let seenAlready =
            overlap == .heldBack
            && state.withLock { $0.overlapsAtStart != Self.overlapsSeen.load(ordering: .relaxed) }
        report(
            message: Self.message(overlap, of: event, in: type(of: sink), elementType: elementType),
            seenAlready: seenAlready, during: delivery)
    }

    /// Reports `message` as ``report(_:of:in:elementType:during:)`` reports an overlap, then runs
    /// `delivery`; for receivers that are not sinks, such as subjects. With `seenAlready`, only
    /// runs `delivery` as such.
    func report(message: @autoclosure () -> String, seenAlready: Bool = false, during delivery: () -> Void) {
        Self.overlapsSeen.wrappingAdd(1, ordering: .relaxed)
        if !seenAlready && !Self.isDeliveringAnOverlap {
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
        let sink = "\(sinkType)"
        let what =
            if let name = operatorName(ofSink: String(reflecting: sinkType)) {
                "\(event.withArticle) event reached `\(name)` (\(sink), the sink of an Observable<\(elementType)>)"
            } else {
                "\(event.withArticle) event reached \(sink) (the sink of an Observable<\(elementType)>)"
            }
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
        case .heldBack:
            return """
                Rx grammar violation: \(what) while it was still delivering the previous event on the \
                same thread (reentrancy): an observer sent an event back into one of its sources. It \
                was held back and delivered once the previous delivery returned, where RxSwift delivers \
                it nested. Break the cycle, or send the new event later through a scheduler \
                (observe(on:) a serial scheduler). Reported once per subscription.
                """
        }
    }

    /// The operator a sink of the framework belongs to, in RxSwift's spelling, from the sink's
    /// qualified type name (`RxOperators.MapSink<…>` is `map`'s): a sink is named after its
    /// operator with `Sink` after it, and, where that name says more than the operator
    /// (`TakeCountSink`, `MergeIdentitySink`), the table below says which operator it is. A sink
    /// of another module (a custom operator's) is named by its type alone.
    static func operatorName(ofSink qualifiedTypeName: String) -> String? {
        let bare = qualifiedTypeName.prefix { $0 != "<" }
        let modules = ["RxOperators.", "RxCocoaTraits.", "RxRelay.", "RxCore."]
        guard let module = modules.first(where: { bare.hasPrefix($0) }) else { return nil }
        let name = bare.dropFirst(module.count)
        guard name.hasSuffix("Sink"), name.count > 4 else { return nil }
        var stem = String(name.dropLast(4))
        if let name = irregularOperatorNames[stem] {
            return name
        }
        // `Zip2Sink`, `CombineLatest2Sink`: the arity is not part of the name.
        while stem.last?.isNumber == true {
            stem.removeLast()
        }
        guard let first = stem.first else { return nil }
        return first.lowercased() + stem.dropFirst()
    }

    /// The sinks whose names are not their operator's with the first letter capitalised.
    private static let irregularOperatorNames: [String: String] = [
        "AnonymousObservable": "create",
        "AsyncSequence": "asObservable",
        "BufferTimeCount": "buffer(timeSpan:count:scheduler:)",
        "CatchSequence": "catch(sequence:)",
        "CombineLatestCollection": "combineLatest",
        "ConcatSequence": "concat",
        "CreateThenMap": "create",
        "CreateThenMapFilter": "create",
        "DistinctUntilChangedByKey": "distinctUntilChanged",
        "ElementAt": "element(at:)",
        "FromArray": "from",
        "FromOptionalScheduled": "from(optional:)",
        "FromSequence": "from",
        "IfEmptyDefault": "ifEmpty(default:)",
        "IfEmptySwitch": "ifEmpty(switchTo:)",
        "MapFilter": "map",
        "MergeIdentity": "merge",
        "MulticastSelector": "multicast(_:selector:)",
        "ObservableAdapter": "asObservable",
        "ObserveOn": "observe(on:)",
        "ObserveOnSerialDispatchQueue": "observe(on:)",
        "ScanInto": "scan(into:)",
        "SingleElement": "single",
        "SkipCount": "skip",
        "SkipForDuration": "skip(_:scheduler:)",
        "SkipUntil": "skip(until:)",
        "SkipWhile": "skip(while:)",
        "SubscribeOn": "subscribe(on:)",
        "SwitchIdentity": "switchLatest",
        "TakeCount": "take",
        "TakeForDuration": "take(for:scheduler:)",
        "TakeUntilOther": "take(until:)",
        "TakeUntilPredicate": "take(until:behavior:)",
        "TakeWhile": "take(while:)",
        "TimerOneOff": "timer",
        "WindowSource": "window(timeSpan:count:scheduler:)",
        "WindowSubscriber": "window(timeSpan:count:scheduler:)",
        "WindowTimeCount": "window(timeSpan:count:scheduler:)",
        "ZipCollection": "zip",
    ]

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
        // A subject holds nothing back: what is sent from inside its delivery is delivered nested.
        case .reentrant, .heldBack:
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

/// The debug-build check's view of sinks that hold back an event sent to them from inside their
/// own delivery and pass it on after (a queue drained by the thread that delivers): in RxSwift
/// such an event is delivered nested and reported as reentrancy, so here the sink's forwarding
/// reports it as it is passed on. Debug builds only: release builds have nothing to check, and
/// the call sites compile it out, so that not even a call is left of it.
#if DEBUG
    package enum ReentrancyCheck {
        /// Runs `body`, which passes on the events a sink held back while it delivered: a sink
        /// forwarding inside reports ``SynchronizationTracker/Overlap/heldBack``, once per
        /// subscription and only at the first stage, as any overlap.
        package static func deliveringHeldBackEvents(_ body: () -> Void) {
            SynchronizationTracker.withHeldBackEvents(body)
        }
    }

    extension SynchronizationTracker {
        /// ``ReentrancyCheck/deliveringHeldBackEvents(_:)``.
        static func withHeldBackEvents(_ body: () -> Void) {
            $isDeliveringHeldBackEvents.withValue(true, operation: body)
        }
    }
#endif
