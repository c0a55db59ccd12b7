import RxCore
import RxDisposables
import Synchronization

/// The base of the sinks fed by several sources at once (`merge`, `flatMap`, `switchLatest`):
/// whatever thread a source sends from, the downstream observer receives one event at a time.
///
/// No lock is held while the observer runs. The first thread to arrive while nobody delivers
/// delivers at once; an event that arrives while another is being delivered, from another thread
/// or from inside the observer itself, waits in a queue, and the thread delivering takes it on
/// before it returns. Waiting events keep their order of arrival, and a terminal event goes
/// after every element that arrived before it. The queue is made at the first overlap only, so
/// serial sources cost two atomic operations per element and allocate nothing.
///
/// After a terminal event has been accepted, or once the sink is disposed, nothing more is
/// queued: what waits is released, outside the lock.
class FanInSink<Observer: ObserverType>: Sink<Observer> {
    /// How the subscription ends.
    enum Terminal {
        case error(any Swift.Error)
        case completed
    }

    private enum Pending {
        case element(Observer.Element, tag: Int)
        case terminal(Terminal)
    }

    // The number of deliveries asked for and not yet accounted for by the thread delivering;
    // the thread that raises it from zero delivers until it falls back to zero.
    private final let emitters = Atomic<Int>(0)
    // An element that arrives tagged otherwise is dropped (`switchLatest` moves the tag on at each
    // switch; `merge` leaves it and every tag at zero).
    private final let currentTag = Atomic<Int>(0)
    // The newest tag delivered so far, touched only by the thread whose turn it is to deliver:
    // an element that arrived before a switch is still delivered, unless an element of a later
    // inner sequence has been delivered first.
    @exclusivity(unchecked)
    private final var deliveredTag = 0
    private final let lock = RxLock()
    @exclusivity(unchecked)
    private final var waiting: RingQueue<(Observer.Element, tag: Int)>?
    @exclusivity(unchecked)
    private final var pendingTerminal: Terminal?
    @exclusivity(unchecked)
    private final var hasTerminal = false
    @exclusivity(unchecked)
    private final var closed = false

    /// Delivers `element` now, or after the event being delivered; drops it instead if `tag` is
    /// no longer the current tag when it arrives, or if, when its turn comes, an element with a
    /// later tag has been delivered.
    @inline(__always)
    final func serializeNext(_ element: Observer.Element, tag: Int = 0) {
        if emitters.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged {
            if tag == currentTag.load(ordering: .relaxed) {
                deliveredTag = tag
                forwardNext(element)
            }
            finishDelivering()
            return
        }
        guard tag == currentTag.load(ordering: .relaxed) else { return }
        enqueue(element, tag: tag)
    }

    /// Moves the current tag on and returns it: elements tagged with an earlier one that arrive
    /// later are dropped, and so are those that wait once an element with the new tag has been
    /// delivered. Elements that arrived before the switch keep their place otherwise.
    final func advanceTag() -> Int {
        currentTag.wrappingAdd(1, ordering: .relaxed).newValue
    }

    /// The tag that elements must carry to be delivered.
    final var tag: Int {
        currentTag.load(ordering: .relaxed)
    }

    /// Delivers `terminal` after what waits, once for the subscription, then disposes the sink.
    final func serializeTerminal(_ terminal: Terminal) {
        let accepted: Bool = lock.withLock {
            if closed || hasTerminal { return false }
            hasTerminal = true
            pendingTerminal = terminal
            return true
        }
        guard accepted else { return }
        if emitters.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue == 0 {
            drainWaiting()
            finishDelivering()
        }
    }

    @inline(never)
    private final func enqueue(_ element: Observer.Element, tag: Int) {
        guard !isDisposed else { return }
        let accepted: Bool = lock.withLock {
            if closed || hasTerminal { return false }
            if waiting == nil {
                waiting = RingQueue(minimumCapacity: 4)
            }
            waiting?.append((element, tag))
            return true
        }
        guard accepted else { return }
        if emitters.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue == 0 {
            drainWaiting()
            finishDelivering()
        }
    }

    /// Gives up this thread's turn, delivering what arrived meanwhile first.
    @inline(__always)
    private final func finishDelivering() {
        var accounted = 1
        while true {
            accounted = emitters.wrappingSubtract(accounted, ordering: .acquiringAndReleasing).newValue
            if accounted == 0 { return }
            drainWaiting()
        }
    }

    /// Delivers what waits, oldest first, then the terminal event if one waits.
    @inline(never)
    private final func drainWaiting() {
        while true {
            let next: Pending? = lock.withLockReturningShared {
                if let waiting, !waiting.isEmpty {
                    let (element, tag) = waiting.removeFirst()
                    return .element(element, tag: tag)
                }
                if let terminal = pendingTerminal {
                    pendingTerminal = nil
                    return .terminal(terminal)
                }
                return nil
            }
            switch next {
            case .element(let element, let tag):
                // Tags only grow (wrapping after 2^63 switches), so the difference orders them.
                if tag &- deliveredTag >= 0 {
                    deliveredTag = tag
                    forwardNext(element)
                }
            case .terminal(.error(let error)):
                forwardErrorAndDispose(error)
                return
            case .terminal(.completed):
                forwardCompletedAndDispose()
                return
            case nil:
                return
            }
        }
    }

    override func dispose() {
        super.dispose()
        let dropped: (RingQueue<(Observer.Element, tag: Int)>?, Terminal?) = lock.withLockReturningShared {
            closed = true
            defer {
                waiting = nil
                pendingTerminal = nil
            }
            return (waiting, pendingTerminal)
        }
        // The elements and the error that waited die here, outside the lock.
        _ = dropped
    }
}
