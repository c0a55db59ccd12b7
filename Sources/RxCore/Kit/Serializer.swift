import RxDisposables
import Synchronization

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Delivers what several threads send, one item at a time, in the order each thread sent its
/// own: the one mechanism behind every operator that meets events from several sources or
/// threads (`merge`, `combineLatest`, `zip`, the time operators, `take(until:)`, `sample`, a
/// subject's replay to a new observer).
///
/// One thread at a time *holds* the serializer and delivers; what it delivers is generic
/// (`Item`: elements, decisions already made, raw events). A sender:
///
/// - **finds it free**: takes it with one compare-and-exchange, delivers its own item, and gives
///   it back with one more, with no lock and no allocation;
/// - **holds it already** (an observer downstream sends into one of the sources, from inside the
///   delivery): its item is queued and delivered by the same thread once the delivery it is in
///   returns, so deliveries never nest. Only the holder touches that queue;
/// - **finds another thread holding it**: waits until the serializer is handed to it, in arrival
///   order, then delivers its own item. So no sender delivers another thread's items, and nothing
///   piles up inside the operator: each thread has at most one item in flight, as with RxSwift's
///   lock;
/// - **must never wait** (a timer firing, `delay`'s source; ``enterOrHandOff(_:)``): its item is
///   handed to the holder, which delivers it before it gives the serializer back, and the sender
///   returns at once.
///
/// ``close(releasing:)`` stops it for good: from then on nothing is queued, handed off or
/// delivered, and the release (letting go of what the operator keeps) runs holding the
/// serializer, never beside a delivery, without the closing thread waiting for one: at once when
/// the serializer is free, otherwise by the holder before it gives the serializer back. What the
/// queues still hold is released by the holder as it takes it, outside any lock.
///
/// The decisions are ``SerializerState``'s; this type applies them to an atomic word and, for
/// the contended paths, a ledger under a lock shared with other serializers (a parking stripe).
/// No user code runs, and no item is released, under that lock. Like RxSwift's lock, the
/// serializer deadlocks if a delivery waits for another thread that is itself waiting to send
/// into the same operator; a sender that never waits cannot take part in such a cycle.
///
/// Safety invariants (what the unchecked parts rely on): `queue` is touched only by the thread
/// holding the serializer (its identity is in the word; a thread sees its own identity there
/// only while it holds it); `handOffs` and the tickets only under the parking stripe's lock; a
/// thread's identity has its low five bits clear and is never ``SerializerState/handedOver``.
@usableFromInline
package struct Serializer<Item>: ~Copyable, @unchecked Sendable {
    // @unchecked Sendable: the queues hold items that move between threads under the rules above
    // (the word hands them from sender to holder, the stripe's lock guards `handOffs`).

    /// A thread's hold on the serializer, which taking it gives and giving it back takes back: it
    /// carries the thread's identity, so that giving it back asks the system for nothing.

    @usableFromInline
    package struct Hold {
        @usableFromInline
        let thread: UInt

        @inlinable
        init(thread: UInt) {
            self.thread = thread
        }
    }

    /// What ``enter()`` did.

    @usableFromInline
    package enum Entry {
        /// The caller holds the serializer: it delivers its item (unless ``isClosed``) and then
        /// calls ``leave(_:_:release:)``.
        case acquired(Hold)
        /// The caller holds it further up its stack, inside a delivery: it queues its item with
        /// ``enqueue(_:)`` (or, having decided what to deliver, queues that).
        case reentrant
        /// Closed: the caller drops its item.
        case closed
    }

    @usableFromInline
    let word = Atomic<UInt>(0)
    // The ledger, changed only under the parking stripe's lock, which orders it: relaxed.
    private let ticketsIssued = Atomic<UInt>(0)
    private let ticketsGranted = Atomic<UInt>(0)
    // Items handed off by senders that never wait; only under the parking stripe's lock.
    private let handOffs = AtomicLazyReference<RingQueue<Item>>()
    // Items the holder sent from inside its own delivery; only the holder touches it.
    private let queue = AtomicLazyReference<RingQueue<Item>>()

    /// A free serializer with nothing queued.
    @inlinable
    package init() {}

    /// The calling thread's identity as the word holds it: its pthread handle, an address,
    /// shifted clear of the flags.
    @inlinable
    package static var currentThread: UInt {
        #if canImport(Darwin)
            UInt(bitPattern: pthread_self()) &<< 5
        #else
            UInt(pthread_self()) &<< 5
        #endif
    }

    /// Whether ``close(releasing:)`` or ``close()`` has been called.
    @inlinable
    package var isClosed: Bool {
        word.load(ordering: .acquiring) & SerializerState.closedBit != 0
    }

    // MARK: Taking and giving back

    /// Takes the serializer, waiting for it while another thread holds it. From inside a
    /// delivery on the holder's thread, answers ``Entry/reentrant`` at once.
    @inlinable
    package borrowing func enter() -> Entry {
        let me = Self.currentThread
        if word.compareExchange(expected: 0, desired: me, ordering: .acquiring).exchanged {
            return .acquired(Hold(thread: me))
        }
        return enterContended(me)
    }

    /// Takes the serializer only if it is free; never waits.
    @inlinable
    package borrowing func tryEnter() -> Hold? {
        let me = Self.currentThread
        return word.compareExchange(expected: 0, desired: me, ordering: .acquiring).exchanged ? Hold(thread: me) : nil
    }

    /// Takes the serializer without ever waiting for it: the caller's hold when it is free;
    /// otherwise `nil`, and the item `makeItem` builds is queued (when the caller holds it
    /// further up its stack), handed to the thread holding it, which delivers it before it
    /// gives the serializer back, or dropped (closed). `makeItem` runs only on those paths.
    @inlinable
    package borrowing func enterOrHandOff(_ makeItem: () -> Item) -> Hold? {
        let me = Self.currentThread
        if word.compareExchange(expected: 0, desired: me, ordering: .acquiring).exchanged {
            return Hold(thread: me)
        }
        return handOffContended(me, makeItem)
    }

    /// From inside a delivery, on the holder's thread: keeps `item` to deliver after it; drops it
    /// once closed.
    @usableFromInline
    package borrowing func enqueue(_ item: consuming Item) {
        var current = word.load(ordering: .relaxed)
        while let next = SerializerState.queuing(current) {
            let (exchanged, found) = word.compareExchange(
                expected: current, desired: next, ordering: .relaxed)
            if exchanged {
                let queue = self.queue.load() ?? self.queue.storeIfNil(RingQueue(minimumCapacity: 4))
                queue.append(item)
                return
            }
            current = found
        }
    }

    /// Gives the serializer back, once the caller has delivered its own item: first delivers,
    /// with `handle`, what was queued or handed off meanwhile (dropping it once closed), runs
    /// `release` if a close asked for it, then hands the serializer to the longest waiting
    /// thread or frees it.
    ///
    /// `handle` and `release` are the operator's own: every caller passes the same ones, since
    /// the holder delivers what others sent and runs the release another thread's
    /// ``close(releasing:)`` asked for.
    @inlinable
    package borrowing func leave(_ hold: Hold, _ handle: (Item) -> Void, release: () -> Void = {}) {
        if word.compareExchange(expected: hold.thread, desired: 0, ordering: .releasing).exchanged {
            return
        }
        leaveContended(hold.thread, handle, release: release)
    }

    /// Delivers, with `handle`, what the holder queued from inside its deliveries, keeping the
    /// serializer: for a holder that has something to do after its queue is empty and before it
    /// gives the serializer back (a subject's new observer going live).
    package borrowing func deliverQueued(_ hold: Hold, _ handle: (Item) -> Void) {
        while word.load(ordering: .relaxed) & SerializerState.queuedBit != 0 {
            handle(takeQueued())
        }
    }

    // MARK: Sending

    /// Delivers `item` with `handle`, then whatever was queued or handed off meanwhile: at once
    /// when the serializer is free, after the current delivery when called from inside it (on the
    /// same thread), and otherwise once the serializer is handed to the caller. Drops it once
    /// closed.
    @inlinable
    package borrowing func send(_ item: Item, _ handle: (Item) -> Void, release: () -> Void = {}) {
        switch enter() {
        case .acquired(let hold):
            if !isClosed {
                handle(item)
            }
            leave(hold, handle, release: release)
        case .reentrant:
            enqueue(item)
        case .closed:
            return
        }
    }

    /// Delivers `item` like ``send(_:_:release:)`` when the serializer is free, but never waits:
    /// when another thread holds it, `item` is handed to that thread, which delivers it before it
    /// gives the serializer back, and the caller returns at once. For a sender that must not wait
    /// for a delivery it may itself be holding up: a timer's firing, whose scheduler's queue the
    /// delivering observer may be waiting for, or `delay`'s source.
    @inlinable
    package borrowing func sendWithoutWaiting(
        _ item: Item, _ handle: (Item) -> Void, release: () -> Void = {}
    ) {
        let hold = enterOrHandOff { item }
        if let hold {
            if !isClosed {
                handle(item)
            }
            leave(hold, handle, release: release)
        }
    }

    // MARK: Closing

    /// Closes: from now on nothing is queued, handed off or delivered; what waits is released by
    /// the holder as it takes it.
    package borrowing func close() {
        var current = word.load(ordering: .relaxed)
        while let next = SerializerState.closing(current) {
            let (exchanged, found) = word.compareExchange(
                expected: current, desired: next, ordering: .acquiringAndReleasing)
            if exchanged { return }
            current = found
        }
    }

    /// Closes like ``close()``, then runs `release` holding the serializer, without waiting for
    /// it: at once when it is free; otherwise on the thread holding it (the caller further up
    /// its stack, or another), before that thread gives it back. For letting go of what the
    /// operator keeps, which must not happen beside a delivery, while waiting for the delivery
    /// could deadlock: it may itself be waiting for the thread that closes.
    package borrowing func close(releasing release: () -> Void) {
        let me = Self.currentThread
        let outcome: SerializerState.Close
        if word.compareExchange(
            expected: 0, desired: SerializerState.takingToClose(0, by: me)!, ordering: .acquiring
        ).exchanged {
            outcome = .acquired
        } else {
            let stripe = parkingStripe()
            stripe.lock()
            outcome = update { $0.close(me) }
            stripe.unlock()
        }
        guard outcome == .acquired else { return }
        release()
        // Closed once, so no release can be asked again; what was handed off is dropped.
        leaveContended(me, { _ in }, release: {})
    }

    // MARK: Contended paths

    @usableFromInline
    @inline(never)
    borrowing func enterContended(_ me: UInt) -> Entry {
        switch SerializerState.contention(word.load(ordering: .relaxed), for: me) {
        case .reentrant: return .reentrant
        case .closed: return .closed
        case .contended: break
        }
        let stripe = parkingStripe()
        stripe.lock()
        defer { stripe.unlock() }
        switch update({ $0.arrive(me) }) {
        case .acquired:
            return .acquired(Hold(thread: me))
        case .reentrant:
            return .reentrant
        case .closed:
            return .closed
        case .wait(let ticket):
            while !SerializerState(ticketsGranted: ticketsGranted.load(ordering: .relaxed)).isGranted(ticket) {
                stripe.wait()
            }
            // The stripe's lock orders what the previous holder wrote before this thread reads it.
            update { $0.install(me) }
            return .acquired(Hold(thread: me))
        }
    }

    @usableFromInline
    @inline(never)
    borrowing func handOffContended(_ me: UInt, _ makeItem: () -> Item) -> Hold? {
        switch SerializerState.contention(word.load(ordering: .relaxed), for: me) {
        case .reentrant:
            enqueue(makeItem())
            return nil
        case .closed:
            return nil
        case .contended:
            break
        }
        let stripe = parkingStripe()
        stripe.lock()
        let outcome = update { $0.handOff(me) }
        if outcome == .handedOff {
            // Built under the lock, but nothing is released here: the item only moves in.
            let handOffs = self.handOffs.load() ?? self.handOffs.storeIfNil(RingQueue(minimumCapacity: 2))
            handOffs.append(makeItem())
        }
        stripe.unlock()
        switch outcome {
        case .acquired:
            return Hold(thread: me)
        case .reentrant:
            enqueue(makeItem())
            return nil
        case .closed, .handedOff:
            return nil
        }
    }

    @usableFromInline
    @inline(never)
    borrowing func leaveContended(_ me: UInt, _ handle: (Item) -> Void, release: () -> Void) {
        while true {
            if word.load(ordering: .relaxed) & SerializerState.queuedBit != 0 {
                let item = takeQueued()
                if !isClosed {
                    handle(item)
                }
                continue
            }
            let stripe = parkingStripe()
            stripe.lock()
            let step = update { $0.leaving(me) }
            var item: Item?
            switch step {
            case .takeHandedOff:
                item = handOffs.load()?.removeFirst()
            case .handedOver:
                stripe.wakeAll()
            case .release, .freed:
                break
            }
            stripe.unlock()
            switch step {
            case .takeHandedOff:
                // Delivered, or released when closed, outside the lock.
                if let item, !isClosed {
                    handle(item)
                }
            case .release:
                release()
            case .handedOver, .freed:
                return
            }
        }
    }

    /// By the holder: takes the oldest item it queued, clearing the flag when it was the last.
    private borrowing func takeQueued() -> Item {
        // The flag is set, so the queue exists and holds an item.
        let queue = self.queue.load()!
        let item = queue.removeFirst()
        if queue.isEmpty {
            var current = word.load(ordering: .relaxed)
            while true {
                let (exchanged, found) = word.compareExchange(
                    expected: current, desired: SerializerState.queueEmptied(current), ordering: .relaxed)
                if exchanged { break }
                current = found
            }
        }
        return item
    }

    /// Under the stripe's lock: applies `step` to the state as it is now, installing the new
    /// word with a compare-and-exchange and computing again if a lock-free step changed the word
    /// meanwhile; then stores the ledger.
    private borrowing func update<Outcome>(_ step: (inout SerializerState) -> Outcome) -> Outcome {
        while true {
            let current = word.load(ordering: .acquiring)
            var state = SerializerState(
                word: current, ticketsIssued: ticketsIssued.load(ordering: .relaxed),
                ticketsGranted: ticketsGranted.load(ordering: .relaxed), handedOff: handOffs.load()?.count ?? 0)
            let outcome = step(&state)
            if word.compareExchange(expected: current, desired: state.word, ordering: .acquiringAndReleasing).exchanged
            {
                ticketsIssued.store(state.ticketsIssued, ordering: .relaxed)
                ticketsGranted.store(state.ticketsGranted, ordering: .relaxed)
                return outcome
            }
        }
    }

    private borrowing func parkingStripe() -> ParkingStripe {
        // The serializer is address-only (it holds atomics), so borrowing it passes its real
        // address.
        let address = withUnsafePointer(to: self) { UInt(bitPattern: $0) }
        return ParkingStripe.stripes[Int((address >> 6) % UInt(ParkingStripe.stripes.count))]
    }
}

/// Where threads waiting for a ``Serializer`` sleep, and the lock its ledger is changed under: a
/// small fixed set of mutex and condition pairs that every serializer maps onto by address, so
/// that a serializer costs no allocation of its own. A hand-over wakes every sleeper of its
/// stripe, and each checks whether its ticket came up.
// @unchecked Sendable: the pthread mutex guards the condition and what sleepers check.
private final class ParkingStripe: @unchecked Sendable {
    static let stripes: [ParkingStripe] = (0..<16).map { _ in ParkingStripe() }

    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    private init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }
    func wait() { pthread_cond_wait(condition, mutex) }
    func wakeAll() { pthread_cond_broadcast(condition) }
}
