import RxCore
import RxDisposables
import Synchronization

/// The base of the sinks fed by several sources at once (`merge`, `flatMap`, `switchLatest`):
/// whatever thread a source sends from, the downstream observer receives one event at a time.
///
/// Events go through the sink's ``DeliveryTurn``: a thread that finds it free delivers its event
/// at once; a thread that finds another delivering waits for its turn and then delivers its own
/// event, so no sender ever delivers another thread's elements and nothing piles up in the sink.
/// An event sent from inside the observer itself waits in a queue and is delivered by the same
/// thread once the observer returns. A terminal event is delivered once, and nothing after it.
///
/// Nothing is queued after the sink is disposed; what the re-entrant queue still holds is
/// released by the thread delivering, outside any lock.
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

    private final let turn = DeliveryTurn()
    // An element that arrives tagged otherwise is dropped (`switchLatest` moves the tag on at each
    // switch; `merge` leaves it and every tag at zero).
    private final let currentTag = Atomic<Int>(0)
    // Touched only by the thread holding the turn, which keeps the accesses apart: the newest
    // tag delivered so far (an element that arrived before a switch is still delivered, unless
    // an element of a later inner sequence has been delivered first), whether the terminal event
    // went out, and the events sent from inside the observer.
    @exclusivity(unchecked)
    private final var deliveredTag = 0
    @exclusivity(unchecked)
    private final var terminated = false
    @exclusivity(unchecked)
    private final var reentrant: RingQueue<Pending>?
    // How many events wait in `reentrant`: the delivery path reads this, never the queue, whose
    // generic type would cost it a runtime metadata lookup on every element.
    @exclusivity(unchecked)
    private final var reentrantCount = 0

    /// Delivers `element` now, or after the event being delivered; drops it instead if `tag` is
    /// no longer the current tag when it arrives, or if, when its turn comes, an element with a
    /// later tag has been delivered.
    @inline(__always)
    final func serializeNext(_ element: Observer.Element, tag: Int = 0) {
        guard let hold = turn.enter() else {
            queueReentrant(element, tag: tag)
            return
        }
        if tag == currentTag.load(ordering: .relaxed), !terminated {
            deliveredTag = tag
            forwardNext(element)
        }
        leaveTurn(hold)
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

    /// Delivers `terminal` after the events before it, once for the subscription, then disposes
    /// the sink.
    final func serializeTerminal(_ terminal: Terminal) {
        guard let hold = turn.enter() else {
            queueReentrant(.terminal(terminal))
            return
        }
        deliver(terminal)
        leaveTurn(hold)
    }

    /// On the thread holding the turn, from inside its delivery: keeps `element` for after it.
    /// The queue item is built in here, out of line: building it on the element path would cost
    /// a metadata lookup for its generic type on every element.
    @inline(never)
    private final func queueReentrant(_ element: Observer.Element, tag: Int) {
        guard tag == currentTag.load(ordering: .relaxed) else { return }
        queueReentrant(.element(element, tag: tag))
    }

    /// On the thread holding the turn, from inside its delivery: keeps `pending` for after it.
    @inline(never)
    private final func queueReentrant(_ pending: Pending) {
        guard !terminated, !isDisposed else { return }
        let queue = reentrant ?? RingQueue(minimumCapacity: 4)
        reentrant = queue
        queue.append(pending)
        reentrantCount += 1
    }

    private final func deliver(_ terminal: Terminal) {
        guard !terminated else { return }
        terminated = true
        switch terminal {
        case .error(let error):
            forwardErrorAndDispose(error)
        case .completed:
            forwardCompletedAndDispose()
        }
    }

    /// Delivers what was sent from inside the deliveries, oldest first, then gives up the turn.
    @inline(__always)
    private final func leaveTurn(_ hold: DeliveryTurn.Hold) {
        if reentrantCount > 0 {
            deliverReentrant()
        }
        turn.leave(hold)
    }

    @inline(never)
    private final func deliverReentrant() {
        guard let queue = reentrant else { return }
        #if DEBUG
            // What was sent from inside a delivery is reported as it is passed on.
            ReentrancyCheck.deliveringHeldBackEvents { deliverReentrant(from: queue) }
        #else
            deliverReentrant(from: queue)
        #endif
    }

    @inline(__always)
    private final func deliverReentrant(from queue: RingQueue<Pending>) {
        while !queue.isEmpty {
            let pending = queue.removeFirst()
            reentrantCount -= 1
            // After the terminal event or disposal, what waits is only released.
            guard !terminated, !isDisposed else { continue }
            switch pending {
            case .element(let element, let tag):
                // Tags only grow (wrapping after 2^63 switches), so the difference orders them.
                if tag &- deliveredTag >= 0 {
                    deliveredTag = tag
                    forwardNext(element)
                }
            case .terminal(let terminal):
                deliver(terminal)
            }
        }
    }
}
