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
///
/// A drain made with `handsOffWhenBusy` also takes items through ``handOff(_:_:release:)``,
/// for a sender that must never wait for a delivery on another thread (see there).
final class SerialDrain<Item> {
    private let turn = DeliveryTurn()
    // Only for `handsOffWhenBusy`: items left by senders that found another thread handling.
    private let inbox: HandOffInbox<Item>?
    private let closed = Atomic<Bool>(false)
    // Touched only by the thread holding the turn: the events sent from inside the handler, and
    // whether a `close(releasing:)` left the release to this thread.
    @exclusivity(unchecked)
    private var queue: RingQueue<Item>?
    @exclusivity(unchecked)
    private var releaseRequested = false

    /// A drain; with `handsOffWhenBusy`, one that also takes items through
    /// ``handOff(_:_:release:)``. Other drains pay nothing for it but a branch as they leave.
    init(handsOffWhenBusy: Bool = false) {
        inbox = handsOffWhenBusy ? HandOffInbox() : nil
    }

    /// Handles `item` like ``serialize(_:_:release:)`` when the drain is free, but never waits:
    /// when another thread is handling, `item` is left for that thread, which handles it before
    /// it gives up the drain, and the caller returns at once. For a source whose sender must not
    /// wait for a delivery it may itself be holding up, as RxSwift's `delay` never makes its
    /// source wait for the delayed element its observer is still handling: the observer may be
    /// waiting for that very source to send on. Only for a drain made with `handsOffWhenBusy`.
    func handOff(_ item: Item, _ handle: (Item) -> Void, release: () -> Void = {}) {
        if let hold = enterIfFree(release: release) {
            handle(item)
            leave(hold, handle, release: release)
            return
        }
        guard let inbox, !closed.load(ordering: .relaxed) else { return }
        inbox.put(item)
        takeInbox(inbox, handle, release: release)
    }

    /// The uncontended path of ``handOff(_:_:release:)``, for a caller that should build no item
    /// when the drain is free: the caller's hold when nothing waits and nobody handles, for the
    /// caller to handle its event and call ``leave(_:_:release:)``; otherwise `nil`, and the
    /// caller hands its item off.
    func enterIfFree(release: () -> Void = {}) -> DeliveryTurn.Hold? {
        guard let inbox, !closed.load(ordering: .relaxed), !inbox.hasItems, let hold = turn.tryEnter() else {
            return nil
        }
        if closed.load(ordering: .acquiring) {
            // Closed meanwhile: it gives the drain back, releasing if the close asked it to.
            leave(hold, { _ in }, release: release)
            return nil
        }
        return hold
    }

    /// Becomes the handler for what waits in `inbox`, for as long as something waits there and
    /// the drain is free. When it is not, its holder (this thread further up its stack, or
    /// another) handles what waits before leaving: a holder looks at the inbox after giving the
    /// drain back, and a sender puts its item in before trying the drain, with a full fence
    /// between on both sides, so one of the two always sees the other.
    private func takeInbox(_ inbox: HandOffInbox<Item>, _ handle: (Item) -> Void, release: () -> Void) {
        while inbox.hasItems {
            guard let hold = turn.tryEnter() else { return }
            leave(hold, handle, release: release)
        }
    }

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
        var hold = hold
        while true {
            if let inbox, inbox.hasItems {
                for item in inbox.takeAll() where !closed.load(ordering: .acquiring) {
                    handle(item)
                }
            }
            if let queue {
                while !queue.isEmpty {
                    let next = queue.removeFirst()
                    if !closed.load(ordering: .acquiring) {
                        #if DEBUG
                            // Sent from inside the handler: what it forwards of it is reported.
                            ReentrancyCheck.deliveringHeldBackEvents { handle(next) }
                        #else
                            handle(next)
                        #endif
                    }
                }
            }
            if releaseRequested {
                releaseRequested = false
                release()
            }
            // A close on another thread while this one handled leaves the release to it.
            guard turn.leaveUnlessRequested(hold) else {
                // An item handed off after this thread last looked, by a sender that found the
                // drain still held, is this thread's to handle, unless another has taken the
                // drain since.
                guard let inbox, inbox.hasItemsAfterLeaving, let again = turn.tryEnter() else { return }
                hold = again
                continue
            }
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
            // Items handed off but not handled die with the subscription, outside the inbox's lock.
            _ = inbox?.takeAll()
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

/// The items senders hand off to a ``SerialDrain``'s holder: a queue under a lock, and a count
/// the holder reads without it.
private final class HandOffInbox<Item>: @unchecked Sendable {
    // @unchecked: `items` is touched only under `lock`; the items go from the sender to the
    // drain's holder, as the drain's own queue's do.
    private let lock = RxLock()
    private let items = RingQueue<Item>()
    private let count = Atomic<Int>(0)

    /// Adds `item`, then fences, so that the sender's next look at the drain comes after it.
    func put(_ item: Item) {
        lock.withLock { items.append(item) }
        count.add(1, ordering: .sequentiallyConsistent)
        atomicMemoryFence(ordering: .sequentiallyConsistent)
    }

    /// Whether something waits.
    var hasItems: Bool { count.load(ordering: .acquiring) > 0 }

    /// ``hasItems`` for a holder that has just given the drain back: fenced, so that either it
    /// sees an item put before a sender found the drain held, or that sender finds it free.
    var hasItemsAfterLeaving: Bool {
        atomicMemoryFence(ordering: .sequentiallyConsistent)
        return count.load(ordering: .sequentiallyConsistent) > 0
    }

    /// Takes everything that waits, in the order it was put; handled by the caller outside the lock.
    func takeAll() -> [Item] {
        let taken: [Item] = lock.withLockUnchecked {
            var all: [Item] = []
            all.reserveCapacity(items.count)
            while !items.isEmpty { all.append(items.removeFirst()) }
            count.subtract(all.count, ordering: .sequentiallyConsistent)
            return all
        }
        return taken
    }
}
