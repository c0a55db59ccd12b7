import RxCore
import RxDisposables

/// The base of the sinks fed by several sources (`combineLatest`, `zip`, `withLatestFrom`): it
/// keeps their state under one lock and delivers downstream one event at a time, never under
/// the lock.
///
/// A source's event is handled under ``lock`` by the subclass, which decides what it means
/// (an item to deliver, completion, an error, or nothing) and passes that to
/// ``claimOrQueue(_:)``. When no other event is being delivered, the caller becomes the
/// deliverer and delivers outside the lock, then delivers whatever other sources queued
/// meanwhile, in the order it was queued; otherwise the event waits in the queue for the
/// deliverer. A source that sends while the sink delivers on the same thread (a downstream
/// observer sending into a source) is handled the same way: its event follows the current one
/// instead of nesting inside it. The uncontended path takes the lock twice and allocates
/// nothing.
class SerializingSink<Observer: ObserverType, Item>: Sink<Observer> {
    /// Guards the subclass's state and the delivery queue.
    final let lock = RxLock()
    private final var isDelivering = false
    /// Set once a terminal event has been decided: every later source event is ignored.
    final var isTerminated = false
    // Made on the first contention only.
    private final var waiting: RingQueue<SerializedDelivery<Item>>?

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
        if isDelivering {
            let queue = waiting ?? RingQueue()
            waiting = queue
            queue.append(delivery)
            return nil
        }
        isDelivering = true
        return delivery
    }

    /// Under ``lock``: makes the caller the deliverer when no one delivers, for a subclass that
    /// keeps what it is about to deliver in storage of its own (no ``SerializedDelivery`` is
    /// built on that path). After releasing the lock, the caller delivers it, then calls
    /// ``deliverQueued()``.
    final func claimDelivery() -> Bool {
        if isDelivering {
            return false
        }
        isDelivering = true
        return true
    }

    /// Under ``lock``: queues `delivery` for the thread that is delivering.
    final func enqueue(_ delivery: SerializedDelivery<Item>) {
        let queue = waiting ?? RingQueue()
        waiting = queue
        queue.append(delivery)
    }

    /// Outside the lock: delivers `first`, then what was queued while delivering, until the
    /// queue is empty or the sink is disposed.
    final func deliverInOrder(_ first: SerializedDelivery<Item>) {
        deliverOne(first)
        deliverQueued()
    }

    /// Outside the lock, by the deliverer: delivers what was queued while it delivered, then
    /// gives up the role.
    final func deliverQueued() {
        // The question alone first: taking an item out builds a generic optional, which costs a
        // metadata lookup that the uncontended path does not pay.
        while lock.withLock({ () -> Bool in
            if let waiting, !waiting.isEmpty, !isDisposed {
                return true
            }
            isDelivering = false
            return false
        }) {
            let delivery = lock.withLockReturningShared { () -> SerializedDelivery<Item>? in
                // Shared: the queue is touched only under this lock.
                guard let waiting, !waiting.isEmpty else {
                    isDelivering = false
                    return nil
                }
                return waiting.removeFirst()
            }
            guard let delivery else { return }
            deliverOne(delivery)
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
        // What was still queued is let go of after the lock is given back.
        let dropped: RingQueue<SerializedDelivery<Item>>? = lock.withLockReturningShared {
            // Shared: the queue is touched only under this lock, and no one else holds it.
            isTerminated = true
            defer { waiting = nil }
            return waiting
        }
        _ = dropped
        releaseRetainedState()
    }

    /// Outside the lock, once, on disposal: lets go of the elements the subclass keeps (latest
    /// values, queues), taking them out under ``lock`` and releasing them after.
    func releaseRetainedState() {}
}
