import RxCore
import RxDisposables

/// The base of the sinks fed by several sources (`combineLatest`, `zip`, `withLatestFrom`): each
/// source's event changes the subclass's state and may decide a delivery (an item, completion,
/// an error), and downstream receives those deliveries one at a time, in the order they were
/// decided.
///
/// Each source's observer runs its event in ``serialized(_:)`` (or between ``enterTurn()`` and
/// ``leaveTurn(_:)``), which holds the sink's ``Serializer``: a thread that finds another
/// delivering waits for its turn, so it never delivers another thread's events and nothing piles
/// up. The subclass's state is therefore touched by one thread at a time and needs no lock of its
/// own. A source that sends from inside a delivery, on the same thread (a downstream observer
/// feeding a source), still changes the state at once, but what it decides is queued
/// (``claimOrQueue(_:)``) and delivered by the same thread once the current delivery returns,
/// rather than nested inside it. The uncontended path takes and gives back the serializer with
/// one compare-and-exchange each and allocates nothing.
///
/// Disposal closes the serializer: later source events are dropped, and the subclass's kept
/// elements are let go (``releaseRetainedState()``) holding the serializer, at once when nobody
/// delivers, otherwise by the delivering thread once it is done, never beside a delivery.
class SerializingSink<Observer: ObserverType, Item>: Sink<Observer> {
    // Internal, not private, so that tests can see a sender waiting for it.
    final let serializer = Serializer<SerializedDelivery<Item>>()
    /// Set once a terminal delivery has been decided: every later source event is ignored.
    /// Touched only by the thread holding the serializer, as is everything the subclass keeps.
    final var isTerminated = false
    // Whether the event being handled may deliver what it decides at once: from the moment its
    // thread takes the serializer until it claims a delivery; never from inside a delivery.
    private final var mayDeliver = false

    /// Runs a source's event, `body`, holding the sink's serializer: waits while another thread
    /// delivers. From inside a delivery on the same thread, runs `body` at once; what it decides
    /// to deliver is then queued (``claimOrQueue(_:)``) for after the current delivery. Once the
    /// sink is disposed, `body` does not run.
    // Forced inline into each source's observer, with the turn written out rather than taken
    // through ``enterTurn()`` and ``leaveTurn(_:)``: the two-source sinks' element path is then
    // one function and `body` is never a closure value (the gate's two-source scenarios pay
    // noticeably more per element otherwise).
    @inline(__always)
    final func serialized(_ body: () -> Void) {
        switch serializer.enter() {
        case .acquired(let hold):
            // A thread that waited for another's delivery may be handed the serializer after the
            // sink was disposed (and its state let go of) meanwhile: it only gives it back.
            if !serializer.isClosed {
                mayDeliver = true
                body()
                mayDeliver = false
            }
            if !serializer.tryLeave(hold) {
                leaveContended(hold)
            }
        case .reentrant:
            // From inside a delivery or the release on this thread, after disposal: nothing runs.
            guard !serializer.isClosed else { return }
            let outerMayDeliver = mayDeliver
            mayDeliver = false
            body()
            mayDeliver = outerMayDeliver
        case .closed:
            return
        }
    }

    /// ``serialized(_:)`` in two steps, for a caller that cannot pass a closure (one generic over
    /// a parameter pack): runs the event only when the turn ``SerializingTurn/admits`` it, then
    /// gives the turn back with ``leaveTurn(_:)``.
    final func enterTurn() -> SerializingTurn {
        switch serializer.enter() {
        case .acquired(let hold):
            // As in ``serialized(_:)``: a thread that waited may find the sink disposed.
            if serializer.isClosed {
                if !serializer.tryLeave(hold) {
                    leaveContended(hold)
                }
                return .closed
            }
            mayDeliver = true
            return .acquired(thread: hold.thread)
        case .reentrant:
            if serializer.isClosed {
                return .closed
            }
            defer { mayDeliver = false }
            return .reentrant(mayDeliver: mayDeliver)
        case .closed:
            return .closed
        }
    }

    /// Gives back the turn that ``enterTurn()`` took, delivering first what was queued meanwhile.
    final func leaveTurn(_ turn: SerializingTurn) {
        switch turn {
        case .acquired(let thread):
            mayDeliver = false
            if !serializer.tryLeave(SerializerHold(thread: thread)) {
                leaveContended(SerializerHold(thread: thread))
            }
        case .reentrant(let mayDeliver):
            self.mayDeliver = mayDeliver
        case .closed:
            return
        }
    }

    // Separate, so that the uncontended path forms no closure (which would retain the sink).
    private final func leaveContended(_ hold: SerializerHold) {
        serializer.leave(hold, deliverQueued, release: releaseRetainedState)
    }

    /// Marks a terminal delivery as decided (later source events are then ignored by the
    /// subclass checking ``isTerminated``) and returns it for ``claimOrQueue(_:)``.
    final func terminate(_ delivery: SerializedDelivery<Item>) -> SerializedDelivery<Item> {
        isTerminated = true
        return delivery
    }

    /// Returns `delivery` when the caller is to deliver it now (with ``deliverClaimed(_:)``), or
    /// queues it for after the delivery under way on this thread and returns `nil`.
    final func claimOrQueue(_ delivery: SerializedDelivery<Item>) -> SerializedDelivery<Item>? {
        if claimDelivery() {
            return delivery
        }
        enqueue(delivery)
        return nil
    }

    /// Makes the caller the deliverer unless its thread is delivering already, for a subclass that
    /// keeps what it is about to deliver in storage of its own (no ``SerializedDelivery`` is built
    /// on that path). When it answers `false`, the caller queues what it has with ``enqueue(_:)``.
    final func claimDelivery() -> Bool {
        if mayDeliver {
            mayDeliver = false
            return true
        }
        return false
    }

    /// After ``claimDelivery()`` answered `false`: queues `delivery` for after the delivery under
    /// way on this thread.
    final func enqueue(_ delivery: SerializedDelivery<Item>) {
        serializer.enqueue(delivery)
    }

    /// Delivers what the caller claimed with ``claimOrQueue(_:)``.
    final func deliverClaimed(_ delivery: SerializedDelivery<Item>) {
        switch delivery {
        case .item(let item):
            deliver(item)
        case .completed:
            forwardCompletedAndDispose()
        case .error(let error):
            forwardErrorAndDispose(error)
        }
    }

    private final func deliverQueued(_ delivery: SerializedDelivery<Item>) {
        // Once disposed, the serializer drops what waits; this only guards the sink's own end.
        if !isDisposed {
            deliverClaimed(delivery)
        }
    }

    /// On the deliverer's thread: turns `item` into an element and forwards it, or forwards an
    /// error thrown by the user's selector with ``failFromSelector(_:)``.
    func deliver(_ item: Item) {
        rxAbstractMethod()
    }

    /// Ends the subscription with `error`, thrown while delivering.
    final func failFromSelector(_ error: any Swift.Error) {
        isTerminated = true
        forwardErrorAndDispose(error)
    }

    override func dispose() {
        super.dispose()
        serializer.close(releasing: releaseRetainedState)
    }

    /// Lets go of the elements the subclass keeps (latest values, queues). Runs once, holding the
    /// serializer (never beside a delivery, never under a lock), after the sink is disposed.
    func releaseRetainedState() {}
}

/// How a source's event entered a ``SerializingSink``'s serializer (`enterTurn()`). Not nested in
/// the generic sink, whose nested types would be generic too, with metadata to look up on every
/// element.
enum SerializingTurn {
    /// The event's thread took the serializer, and gives it back afterwards.
    case acquired(thread: UInt)
    /// The event was sent from inside a delivery on the thread holding the serializer.
    case reentrant(mayDeliver: Bool)
    /// The sink is disposed: the event is dropped.
    case closed

    /// Whether the event is to be handled.
    var admits: Bool {
        if case .closed = self { return false }
        return true
    }
}

/// What a ``SerializingSink`` has to deliver: an item the sink turns into an element, or the
/// terminal event.
enum SerializedDelivery<Item> {
    /// An item for ``SerializingSink/deliver(_:)``.
    case item(Item)
    /// Completion.
    case completed
    /// An error.
    case error(any Swift.Error)
}
