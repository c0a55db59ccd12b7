import RxCore
import RxDisposables
import Synchronization

/// The base of the sinks fed by several sources at once (`merge`, `flatMap`, `switchLatest`):
/// whatever thread a source sends from, the downstream observer receives one event at a time.
///
/// Events go through the sink's ``Serializer``: a thread that finds it free delivers its event
/// at once; a thread that finds another delivering waits for its turn and then delivers its own
/// event, so no sender ever delivers another thread's elements and nothing piles up in the sink.
/// An event sent from inside the observer itself is queued and delivered by the same thread
/// once the observer returns. A terminal event is delivered once, and nothing after it.
///
/// A subclass keeps its own state (how many sources run, whether the outer sequence ended) in
/// stored properties touched only holding the serializer, through ``holdingSerializer(_:)``: the
/// serializer is the sink's one lock-like thing, so the state needs no lock of its own.
///
/// Nothing is queued after the sink is disposed; what the queue still holds is released by the
/// thread delivering, outside any lock, and what the subclass keeps by ``releaseRetainedState()``.
class FanInSink<Observer: ObserverType>: Sink<Observer> {
    /// How the subscription ends.
    enum Terminal {
        case error(any Swift.Error)
        case completed
    }

    /// An event queued from inside a delivery.
    enum Pending {
        case element(Observer.Element, tag: Int)
        case terminal(Terminal)
    }

    private final let serializer = Serializer<Pending>()
    // An element that arrives tagged otherwise is dropped (`switchLatest` moves the tag on at each
    // switch; `merge` leaves it and every tag at zero).
    private final let currentTag = Atomic<Int>(0)
    // Touched only by the thread holding the serializer: the newest tag delivered so far (an
    // element that arrived before a switch is still delivered, unless an element of a later inner
    // sequence has been delivered first), and whether the terminal event went out.
    private final var deliveredTag = 0
    private final var terminated = false

    /// Delivers `element` now, or after the event being delivered; drops it instead if `tag` is
    /// no longer the current tag when it arrives, or if, when its turn comes, an element with a
    /// later tag has been delivered.
    // Forced inline into each source's observer, with the serializer given back in place rather
    // than through ``leave(_:)``: an element then makes one call, into the observer downstream
    // (the gate's merge scenario pays noticeably more per element otherwise).
    @inline(__always)
    final func serializeNext(_ element: Observer.Element, tag: Int = 0) {
        switch serializer.enter() {
        case .acquired(let hold):
            if tag == currentTag.load(ordering: .relaxed), !terminated {
                deliveredTag = tag
                forwardNext(element)
            }
            if !serializer.tryLeave(hold) {
                leaveContended(hold)
            }
        case .reentrant:
            queueReentrant(element, tag: tag)
        case .closed:
            return
        }
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

    /// Runs `body`, which changes the subclass's state and delivers nothing, holding the
    /// serializer, and returns its result: waits while another thread delivers; from inside a
    /// delivery on this thread, runs it at once (this thread holds the serializer further up its
    /// stack, between two deliveries of its own). Returns `nil`, without running `body`, once the
    /// sink is disposed.
    final func holdingSerializer<Result>(_ body: () -> Result) -> Result? {
        switch serializer.enter() {
        case .acquired(let hold):
            let result = serializer.isClosed ? nil : body()
            leave(hold)
            return result
        case .reentrant:
            return serializer.isClosed ? nil : body()
        case .closed:
            return nil
        }
    }

    /// Delivers `terminal` after the events before it, once for the subscription, then disposes
    /// the sink.
    final func serializeTerminal(_ terminal: Terminal) {
        switch serializer.enter() {
        case .acquired(let hold):
            deliver(terminal)
            leave(hold)
        case .reentrant:
            if !terminated {
                serializer.enqueue(.terminal(terminal))
            }
        case .closed:
            return
        }
    }

    /// From inside a delivery, on the thread holding the serializer: keeps `element` for after
    /// it. The queue item is built in here, not on the element path, where building it would
    /// cost a metadata lookup for its generic type on every element.
    private final func queueReentrant(_ element: Observer.Element, tag: Int) {
        guard tag == currentTag.load(ordering: .relaxed), !terminated else { return }
        serializer.enqueue(.element(element, tag: tag))
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

    /// Delivers what was sent from inside the deliveries, oldest first, then gives up the
    /// serializer.
    private final func leave(_ hold: SerializerHold) {
        if !serializer.tryLeave(hold) {
            leaveContended(hold)
        }
    }

    // Separate, so that the uncontended path forms no closure (which would retain the sink).
    private final func leaveContended(_ hold: SerializerHold) {
        serializer.leave(hold, deliverQueued, release: releaseRetainedState)
    }

    private final func deliverQueued(_ pending: Pending) {
        // After the terminal event, what waits is only released.
        guard !terminated else { return }
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

    override func dispose() {
        super.dispose()
        // Nothing is queued from now on; what waits is released by the thread delivering, and
        // what the subclass keeps holding the serializer.
        serializer.close(releasing: releaseRetainedState)
    }

    /// Lets go of what the subclass keeps in its serialized state (inner sequences waiting to be
    /// subscribed to). Runs once, holding the serializer (never beside a delivery, never under a
    /// lock), after the sink is disposed.
    func releaseRetainedState() {}
}
