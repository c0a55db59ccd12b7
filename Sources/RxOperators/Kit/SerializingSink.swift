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
class SerializingSink<Observer: ObserverType>: Sink<Observer> {
    /// How the subscription ends.
    enum Terminal {
        case error(any Swift.Error)
        case completed
    }

    private enum Pending {
        case element(Observer.Element)
        case terminal(Terminal)
    }

    // The number of deliveries asked for and not yet accounted for by the thread delivering;
    // the thread that raises it from zero delivers until it falls back to zero.
    private final let emitters = Atomic<Int>(0)
    private final let lock = RxLock()
    @exclusivity(unchecked)
    private final var waiting: RingQueue<Observer.Element>?
    @exclusivity(unchecked)
    private final var pendingTerminal: Terminal?
    @exclusivity(unchecked)
    private final var hasTerminal = false
    @exclusivity(unchecked)
    private final var closed = false

    /// Delivers `element` now, or after the event being delivered.
    @inline(__always)
    final func serializeNext(_ element: Observer.Element) {
        if emitters.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged {
            forwardNext(element)
            finishDelivering()
            return
        }
        enqueue(element)
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
    private final func enqueue(_ element: Observer.Element) {
        guard !isDisposed else { return }
        let accepted: Bool = lock.withLock {
            if closed || hasTerminal { return false }
            if waiting == nil {
                waiting = RingQueue(minimumCapacity: 4)
            }
            waiting?.append(element)
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
                    return .element(waiting.removeFirst())
                }
                if let terminal = pendingTerminal {
                    pendingTerminal = nil
                    return .terminal(terminal)
                }
                return nil
            }
            switch next {
            case .element(let element):
                forwardNext(element)
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
        let dropped: (RingQueue<Observer.Element>?, Terminal?) = lock.withLockReturningShared {
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
