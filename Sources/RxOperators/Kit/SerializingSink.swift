import RxCore
import RxDisposables

/// The base of the sinks fed by several sources (`combineLatest`, `zip`, `withLatestFrom`): it
/// keeps their state under one lock and delivers downstream one event at a time, never under
/// the lock.
///
/// Each source's observer runs its event in ``serialized(_:)``, which takes the sink's
/// ``DeliveryTurn`` first: a thread that finds another delivering waits for its turn, so it
/// never delivers another thread's events and nothing piles up. Inside, the subclass handles the
/// event under ``lock``, decides what it means (an item to deliver, completion, an error, or
/// nothing) and passes that to ``claimOrQueue(_:)``. The thread holding the turn delivers it
/// outside the lock. A source that sends while the sink delivers on the same thread (a
/// downstream observer sending into a source) has its delivery queued instead, to follow the
/// current one rather than nest inside it. The uncontended path takes the lock once, and the
/// turn with one compare-and-exchange each way, and allocates nothing.
class SerializingSink<Observer: ObserverType, Item>: Sink<Observer> {
    /// Guards the subclass's state and the delivery queue.
    final let lock = RxLock()
    private final let turn = DeliveryTurn()
    /// Set once a terminal event has been decided: every later source event is ignored.
    // Touched only under `lock`; the three below only by the thread holding the turn. Either
    // keeps the accesses apart, so the runtime's exclusivity check, a call on every access, is
    // left out.
    @exclusivity(unchecked)
    final var isTerminated = false
    // Whether the thread holding the turn is delivering: a decision made meanwhile (on the same
    // thread, from inside the delivery) is queued for after it.
    @exclusivity(unchecked)
    private final var delivering = false
    // Made on the first re-entrant delivery only, and touched only by the thread holding the
    // turn (queueing from inside its own delivery, or draining after it).
    @exclusivity(unchecked)
    private final var waiting: RingQueue<SerializedDelivery<Item>>?
    // How many deliveries wait: the uncontended path reads this, never the queue, whose type
    // would cost it a metadata lookup.
    @exclusivity(unchecked)
    private final var waitingCount = 0

    /// Runs a source's event, `body`, holding the sink's delivery turn: waits while another
    /// thread delivers. From inside a delivery on the same thread, runs `body` at once; what it
    /// decides to deliver is then queued (``claimOrQueue(_:)``) for after the current delivery.
    @inline(__always)
    final func serialized(_ body: () -> Void) {
        let hold = turn.enter()
        body()
        if let hold {
            turn.leave(hold)
        }
    }

    /// ``serialized(_:)`` in two steps, for a caller that cannot pass a closure (one generic over
    /// a parameter pack): the hold to give back with ``leaveTurn(_:)`` after handling the event,
    /// `nil` from inside a delivery.
    @inline(__always)
    final func enterTurn() -> DeliveryTurn.Hold? {
        turn.enter()
    }

    /// Gives up the turn that ``enterTurn()`` took.
    @inline(__always)
    final func leaveTurn(_ hold: DeliveryTurn.Hold?) {
        if let hold {
            turn.leave(hold)
        }
    }

    /// Under ``lock``: marks a terminal delivery as decided (later source events are then
    /// ignored by the subclass checking ``isTerminated``) and returns it for ``claimOrQueue(_:)``.
    final func terminate(_ delivery: SerializedDelivery<Item>) -> SerializedDelivery<Item> {
        isTerminated = true
        return delivery
    }

    /// Under ``lock``: returns `delivery` when the caller is to deliver it now (then it must call
    /// ``deliverInOrder(_:)`` after releasing the lock), or queues it for the thread that is
    /// delivering and returns `nil`.
    final func claimOrQueue(_ delivery: SerializedDelivery<Item>) -> SerializedDelivery<Item>? {
        if claimDelivery() {
            return delivery
        }
        enqueue(delivery)
        return nil
    }

    /// Under ``lock``, inside ``serialized(_:)``: makes the caller the deliverer unless its
    /// thread is delivering already, for a subclass that keeps what it is about to deliver in
    /// storage of its own (no ``SerializedDelivery`` is built on that path). After releasing the
    /// lock, the caller delivers it, then calls ``deliverQueued()``. When it answers `false`, the
    /// caller queues what it has with ``enqueue(_:)`` before releasing the lock.
    @inline(__always)
    final func claimDelivery() -> Bool {
        if delivering {
            return false
        }
        delivering = true
        return true
    }

    /// Under ``lock``, after ``claimDelivery()`` answered `false`: queues `delivery` for after the
    /// delivery under way on this thread.
    final func enqueue(_ delivery: SerializedDelivery<Item>) {
        let queue = waiting ?? RingQueue()
        waiting = queue
        queue.append(delivery)
        waitingCount += 1
    }

    /// Outside the lock: delivers `first`, then what was queued while delivering, until the
    /// queue is empty or the sink is disposed.
    final func deliverInOrder(_ first: SerializedDelivery<Item>) {
        deliverOne(first)
        deliverQueued()
    }

    /// Outside the lock, by the deliverer: delivers what was queued while it delivered, then
    /// gives up the role.
    @inline(__always)
    final func deliverQueued() {
        // Only this thread queues (from inside its own delivery), so no lock is needed to see
        // that nothing waits.
        if waitingCount == 0 {
            delivering = false
            return
        }
        deliverWaiting()
    }

    /// Out of line, so that the uncontended path does not look up the metadata this needs.
    @inline(never)
    private final func deliverWaiting() {
        while true {
            let delivery = lock.withLockUnchecked { () -> SerializedDelivery<Item>? in
                // Shared: the queue is touched only by this thread, under this lock.
                guard let waiting, waitingCount > 0 else {
                    delivering = false
                    return nil
                }
                waitingCount -= 1
                return waiting.removeFirst()
            }
            guard let delivery else { return }
            // After disposal, what waited is only released, here, outside the lock.
            if !isDisposed {
                #if DEBUG
                    // Decided from inside a delivery: reported as it is passed on.
                    ReentrancyCheck.deliveringHeldBackEvents { deliverOne(delivery) }
                #else
                    deliverOne(delivery)
                #endif
            }
        }
    }

    private final func deliverOne(_ delivery: SerializedDelivery<Item>) {
        switch delivery {
        case .item(let item):
            deliver(item)
        case .completed:
            forwardCompletedAndDispose()
        case .error(let error):
            forwardErrorAndDispose(error)
        }
    }

    /// Outside the lock, on the deliverer's thread: turns `item` into an element and forwards
    /// it, or forwards an error thrown by the user's selector with ``failFromSelector(_:)``.
    func deliver(_ item: Item) {
        rxAbstractMethod()
    }

    /// Outside the lock: ends the subscription with `error`, thrown while delivering.
    final func failFromSelector(_ error: any Swift.Error) {
        lock.withLock { isTerminated = true }
        forwardErrorAndDispose(error)
    }

    override func dispose() {
        super.dispose()
        // What still waits in the queue is released by the thread delivering, which is the only
        // one that touches the queue and is still running while anything waits in it.
        lock.withLock { isTerminated = true }
        releaseRetainedState()
    }

    /// Outside the lock, once, on disposal: lets go of the elements the subclass keeps (latest
    /// values, queues), taking them out under ``lock`` and releasing them after.
    func releaseRetainedState() {}
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

/// What a source's event did to a two-source sink (`combineLatest`, `zip`), decided under its
/// lock. Not nested in the generic sinks, whose nested types would be generic too, with metadata
/// to look up on every element.
enum TwoSourceOutcome {
    /// Nothing to deliver, or it was queued for the thread that is delivering.
    case nothing
    /// The caller delivers the outgoing pair the sink keeps.
    case deliverClaimed
    /// The caller delivers completion.
    case complete
}
