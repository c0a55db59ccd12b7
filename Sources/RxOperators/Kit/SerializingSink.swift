import RxCore
import RxDisposables
import Synchronization

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
/// instead of nesting inside it. The uncontended path takes the lock once, gives up the
/// deliverer's role with one compare-and-exchange, and allocates nothing.
class SerializingSink<Observer: ObserverType, Item>: Sink<Observer> {
    /// Guards the subclass's state and the delivery queue.
    final let lock = RxLock()
    // Who delivers: `idle` (no one), `delivering` (a thread, with nothing queued) or
    // `deliveringWithQueue` (a thread, and deliveries may be queued for it). Changed under `lock`,
    // except from `delivering` to `idle`, which the deliverer does without it: an event arriving
    // under the lock meanwhile either moves it to `deliveringWithQueue` first, so that the
    // exchange fails and the deliverer takes the lock to find the queued event, or finds it
    // `idle` and delivers itself.
    private final let role = Atomic<Int>(SerializingSink.idle)
    private static var idle: Int { 0 }
    private static var delivering: Int { 1 }
    private static var deliveringWithQueue: Int { 2 }
    /// Set once a terminal event has been decided: every later source event is ignored.
    // This and the two below are touched only under `lock`, which keeps the accesses apart, so
    // the runtime's exclusivity check, a call on every access, is left out.
    @exclusivity(unchecked)
    final var isTerminated = false
    // Made on the first contention only.
    @exclusivity(unchecked)
    private final var waiting: RingQueue<SerializedDelivery<Item>>?
    // How many deliveries wait: the uncontended path reads this, never the queue, whose type
    // would cost it a metadata lookup.
    @exclusivity(unchecked)
    private final var waitingCount = 0

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

    /// Under ``lock``: makes the caller the deliverer when no one delivers, for a subclass that
    /// keeps what it is about to deliver in storage of its own (no ``SerializedDelivery`` is
    /// built on that path). After releasing the lock, the caller delivers it, then calls
    /// ``deliverQueued()``. When it answers `false`, the caller queues what it has with
    /// ``enqueue(_:)`` before releasing the lock.
    final func claimDelivery() -> Bool {
        while true {
            let current = role.load(ordering: .acquiring)
            if current == Self.idle {
                // Only the lock's holder leaves `idle`.
                role.store(Self.delivering, ordering: .releasing)
                return true
            }
            if current == Self.deliveringWithQueue {
                return false
            }
            if role.compareExchange(
                expected: Self.delivering, desired: Self.deliveringWithQueue, ordering: .acquiringAndReleasing
            ).exchanged {
                return false
            }
            // The deliverer gave up its role meanwhile: claim it.
        }
    }

    /// Under ``lock``, after ``claimDelivery()`` answered `false`: queues `delivery` for the thread
    /// that is delivering.
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
    final func deliverQueued() {
        if role.compareExchange(expected: Self.delivering, desired: Self.idle, ordering: .acquiringAndReleasing)
            .exchanged
        {
            return
        }
        deliverWaiting()
    }

    /// Out of line, so that the uncontended path does not look up the metadata this needs.
    @inline(never)
    private final func deliverWaiting() {
        while true {
            let delivery = lock.withLockReturningShared { () -> SerializedDelivery<Item>? in
                // Shared: the queue is touched only under this lock.
                guard let waiting, waitingCount > 0, !isDisposed else {
                    role.store(Self.idle, ordering: .releasing)
                    return nil
                }
                waitingCount -= 1
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
            waitingCount = 0
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
