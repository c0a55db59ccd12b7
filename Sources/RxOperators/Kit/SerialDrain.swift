import RxCore
import RxDisposables
import Synchronization

/// Serializes what several sources send to one handler, through a ``DeliveryTurn``: a thread
/// that finds the turn free handles its own event at once; a thread that finds another handling
/// waits for its turn and then handles its own event.
///
/// The handler therefore never runs on two threads at once, nor reentrantly: an event sent from
/// inside the handler (a downstream observer feeding one of the sources) waits in a queue until
/// the handler returns and is then handled on the same thread, in arrival order. State touched
/// only by the handler needs no lock of its own, and no thread handles another thread's events.
///
/// No user code runs under a lock. After ``close()`` nothing is queued or handled; what the
/// queue still holds is released by the thread handling.
final class SerialDrain<Item> {
    private let turn = DeliveryTurn()
    private let closed = Atomic<Bool>(false)
    // Touched only by the thread holding the turn: the events sent from inside the handler, and
    // whether a `close(releasing:)` left the release to this thread.
    @exclusivity(unchecked)
    private var queue: RingQueue<Item>?
    @exclusivity(unchecked)
    private var releaseRequested = false

    /// Handles `item` with `handle`, followed by whatever the handler sends into the drain; drops
    /// it after ``close()``.
    @inline(__always)
    func serialize(_ item: Item, _ handle: (Item) -> Void, release: () -> Void = {}) {
        guard !closed.load(ordering: .relaxed) else { return }
        guard let hold = turn.enter() else {
            enqueue(item)
            return
        }
        if !closed.load(ordering: .acquiring) {
            handle(item)
        }
        leave(hold, handle, release: release)
    }

    /// Makes the caller the handler, for a caller whose uncontended path should build no item:
    /// gives the caller its hold when it then handles its event itself and calls
    /// ``leave(_:_:release:)``. Answers `nil` when the drain is closed, or when the caller is
    /// inside the handler, having queued the item `makeItem` builds. Out of line: inside it, this drain's type metadata
    /// comes with `self`, where inlined code generic over the item would look it up to find the
    /// stored properties.
    @inline(never)
    func enterOrQueue(_ makeItem: () -> Item, release: () -> Void = {}) -> DeliveryTurn.Hold? {
        guard !closed.load(ordering: .relaxed) else { return nil }
        guard let hold = turn.enter() else {
            enqueue(makeItem())
            return nil
        }
        if closed.load(ordering: .acquiring) {
            // Closed while this thread waited: it gives the turn back, releasing if asked to.
            leave(hold, { _ in }, release: release)
            return nil
        }
        return hold
    }

    /// By the thread holding the turn, from inside the handler: queues `item` for after it.
    private func enqueue(_ item: Item) {
        guard !closed.load(ordering: .relaxed) else { return }
        if let queue {
            queue.append(item)
        } else {
            let queue = RingQueue<Item>(minimumCapacity: 4)
            queue.append(item)
            self.queue = queue
        }
    }

    /// For the caller handling, once its own event is handled: handles what was queued
    /// meanwhile, then gives up the turn, running `release` first if the drain was closed with a
    /// release left to this thread. Out of line, as ``enterOrQueue(_:release:)``.
    @inline(never)
    func leave(_ hold: DeliveryTurn.Hold, _ handle: (Item) -> Void, release: () -> Void = {}) {
        while true {
            if let queue {
                while !queue.isEmpty {
                    let next = queue.removeFirst()
                    if !closed.load(ordering: .acquiring) {
                        handle(next)
                    }
                }
            }
            if releaseRequested {
                releaseRequested = false
                release()
            }
            // A close on another thread while this one handled leaves the release to it.
            guard turn.leaveUnlessRequested(hold) else { return }
            releaseRequested = true
        }
    }

    /// Stops queueing and handling like ``close()``, then runs `release` as the handler would,
    /// never beside it and without waiting for it: at once when no event is being handled;
    /// otherwise on the thread handling, once it is done. For a handler's state that keeps
    /// elements, which must not outlive the subscription. Waiting instead could deadlock: the
    /// delivery under way may itself be waiting for the thread that disposes.
    func close(releasing release: () -> Void) {
        guard !closed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        switch turn.request() {
        case .taken(let hold):
            release()
            // No other request can come: the drain closes once.
            turn.leave(hold)
        case .heldByCurrentThread:
            releaseRequested = true
        case .passedToHolder:
            break
        }
    }

    /// Stops queueing and handling; what waits is released by the thread handling.
    func close() {
        closed.store(true, ordering: .releasing)
    }
}

/// What an operator of a source and one other sequence (`take(until:)`, `skip(until:)`,
/// `sample(_:defaultValue:)`) puts through its ``SerialDrain``: an event of either.
enum SourceOrOther<Element, Other> {
    /// An event of the source.
    case source(Event<Element>)
    /// An event of the other sequence.
    case other(Event<Other>)
}
