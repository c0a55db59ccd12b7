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
/// Safety invariants (what the unsafe and unchecked parts rely on):
/// - the holder's queue is touched only by the thread holding the serializer: its identity is in
///   the word, and a thread sees its own identity there only while it holds it;
/// - the hand-off queue and the tickets are touched only under the parking stripe's lock;
/// - both queues are `RingQueue<Item>` objects, made on first use and kept, retained once, as
///   the bits of their address in ``SerializerStorage``, which releases them when it is
///   destroyed; the generic type fixes `Item`, so they are only ever read back as that type;
/// - a thread's identity has its low five bits clear and is never ``SerializerState/handedOver``.
@usableFromInline
package struct Serializer<Item>: ~Copyable, @unchecked Sendable {
    // @unchecked Sendable: the queues hold items that move between threads under the rules above
    // (the word hands them from sender to holder, the stripe's lock guards the hand-off queue).

    // Both outside the generic type, which would make them generic too, with metadata to look up
    // on every use in code generic over the item.
    /// A thread's hold on the serializer.
    @usableFromInline
    package typealias Hold = SerializerHold
    /// What ``enter()`` did.
    @usableFromInline
    package typealias Entry = SerializerEntry

    // Not generic, so that making and destroying a serializer, and every access to its word,
    // asks for no type metadata in code that is generic over the item.
    @usableFromInline
    let storage: SerializerStorage

    /// A free serializer with nothing queued.
    @inlinable
    @inline(__always)
    package init() {
        storage = SerializerStorage()
    }

    /// Whether ``close(releasing:)`` or ``close()`` has been called.
    @inlinable
    @inline(__always)
    package var isClosed: Bool {
        storage.word.load(ordering: .acquiring) & SerializerState.closedBit != 0
    }

    // MARK: Taking and giving back

    /// Takes the serializer, waiting for it while another thread holds it. From inside a
    /// delivery on the holder's thread, answers ``Entry/reentrant`` at once.
    @inlinable
    @inline(__always)
    package borrowing func enter() -> Entry {
        let me = SerializerHold.currentThread
        if storage.word.compareExchange(expected: 0, desired: me, ordering: .acquiring).exchanged {
            return .acquired(Hold(thread: me))
        }
        return enterContended(me)
    }

    /// Takes the serializer only if it is free; never waits.
    @inlinable
    @inline(__always)
    package borrowing func tryEnter() -> Hold? {
        let me = SerializerHold.currentThread
        return storage.word.compareExchange(expected: 0, desired: me, ordering: .acquiring).exchanged
            ? Hold(thread: me) : nil
    }

    /// Takes the serializer without ever waiting for it: the caller's hold when it is free;
    /// otherwise `nil`, and the item `makeItem` builds is queued (when the caller holds it
    /// further up its stack), handed to the thread holding it, which delivers it before it
    /// gives the serializer back, or dropped (closed). `makeItem` runs only on those paths.
    @inlinable
    @inline(__always)
    package borrowing func enterOrHandOff(_ makeItem: () -> Item) -> Hold? {
        let me = SerializerHold.currentThread
        if storage.word.compareExchange(expected: 0, desired: me, ordering: .acquiring).exchanged {
            return Hold(thread: me)
        }
        return handOffContended(me, makeItem)
    }

    /// From inside a delivery, on the holder's thread: keeps `item` to deliver after it; drops it
    /// once closed.
    @usableFromInline
    package borrowing func enqueue(_ item: consuming Item) {
        var current = storage.word.load(ordering: .relaxed)
        while let next = SerializerState.queuing(current) {
            let (exchanged, found) = storage.word.compareExchange(
                expected: current, desired: next, ordering: .relaxed)
            if exchanged {
                Self.queue(in: storage.queue).append(item)
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
    @inline(__always)
    package borrowing func leave(_ hold: Hold, _ handle: (Item) -> Void, release: () -> Void = {}) {
        if !tryLeave(hold) {
            leaveContended(hold.thread, handle, release: release)
        }
    }

    /// Gives the serializer back when nothing was queued, handed off, asked or waited for
    /// meanwhile, and answers whether it did; otherwise the caller calls
    /// ``leave(_:_:release:)``. For a hot path that should not even form its closures when
    /// nothing waits.
    @inlinable
    @inline(__always)
    package borrowing func tryLeave(_ hold: Hold) -> Bool {
        storage.word.compareExchange(expected: hold.thread, desired: 0, ordering: .releasing).exchanged
    }

    /// Delivers, with `handle`, what the holder queued from inside its deliveries, keeping the
    /// serializer: for a holder that has something to do after its queue is empty and before it
    /// gives the serializer back (a subject's new observer going live).
    package borrowing func deliverQueued(_ hold: Hold, _ handle: (Item) -> Void) {
        while hasQueued {
            handle(takeQueued())
        }
    }

    /// Whether the holder has queued items from inside its deliveries. Read it on the holder's
    /// thread.
    @inlinable
    @inline(__always)
    package var hasQueued: Bool {
        storage.word.load(ordering: .relaxed) & SerializerState.queuedBit != 0
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
    package borrowing func sendWithoutWaiting(_ item: Item, _ handle: (Item) -> Void, release: () -> Void = {}) {
        if let hold = enterOrHandOff({ item }) {
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
        var current = storage.word.load(ordering: .relaxed)
        while let next = SerializerState.closing(current) {
            let (exchanged, found) = storage.word.compareExchange(
                expected: current, desired: next, ordering: .acquiringAndReleasing)
            if exchanged { return }
            current = found
        }
    }

    /// Closes like ``close()``, then runs `release` holding the serializer, without waiting for
    /// it: at once when it is free; otherwise on the thread holding it (the caller further up
    /// its stack, or another), before that thread gives it back. For letting go of what the
    /// operator keeps, which must not happen beside a delivery, while waiting for the delivery
    /// could deadlock: it may itself be waiting for the thread that closes. `release` is the
    /// operator's one release, the one every ``leave(_:_:release:)`` passes.
    package borrowing func close(releasing release: () -> Void) {
        let me = SerializerHold.currentThread
        let outcome: SerializerState.Close
        if storage.word.compareExchange(
            expected: 0, desired: SerializerState.takingToClose(0, by: me)!, ordering: .acquiring
        ).exchanged {
            outcome = .acquired
        } else {
            let stripe = storage.parkingStripe()
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
        switch SerializerState.contention(storage.word.load(ordering: .relaxed), for: me) {
        case .reentrant: return .reentrant
        case .closed: return .closed
        case .contended: break
        }
        let stripe = storage.parkingStripe()
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
            while !storage.isGranted(ticket) {
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
        switch SerializerState.contention(storage.word.load(ordering: .relaxed), for: me) {
        case .reentrant:
            enqueue(makeItem())
            return nil
        case .closed:
            return nil
        case .contended:
            break
        }
        let stripe = storage.parkingStripe()
        stripe.lock()
        let outcome = update { $0.handOff(me) }
        if outcome == .handedOff {
            // Built under the lock, but nothing is released here: the item only moves in.
            Self.queue(in: storage.handOffs).append(makeItem())
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
            if storage.word.load(ordering: .relaxed) & SerializerState.queuedBit != 0 {
                let item = takeQueued()
                if !isClosed {
                    #if DEBUG
                        // Sent from inside the holder's delivery and held back until now: what it
                        // forwards is reported as RxSwift reports it nested.
                        ReentrancyCheck.deliveringHeldBackEvents { handle(item) }
                    #else
                        handle(item)
                    #endif
                }
                continue
            }
            let stripe = storage.parkingStripe()
            stripe.lock()
            let step = update { $0.leaving(me) }
            var item: Item?
            switch step {
            case .takeHandedOff:
                item = Self.queue(in: storage.handOffs).removeFirst()
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
    @usableFromInline
    borrowing func takeQueued() -> Item {
        let queue = Self.queue(in: storage.queue)
        let item = queue.removeFirst()
        if queue.isEmpty {
            var current = storage.word.load(ordering: .relaxed)
            while true {
                let (exchanged, found) = storage.word.compareExchange(
                    expected: current, desired: SerializerState.queueEmptied(current), ordering: .relaxed)
                if exchanged { break }
                current = found
            }
        }
        return item
    }

    /// The queue whose address `slot` keeps, made on first use. Called by the holder for its own
    /// queue, and under the stripe's lock for the hand-off queue, so that nobody else touches
    /// `slot` meanwhile.
    private static func queue(in slot: borrowing Atomic<UInt>) -> RingQueue<Item> {
        if let existing = existingQueue(in: slot) {
            return existing
        }
        let made = RingQueue<Item>(minimumCapacity: 4)
        slot.store(UInt(bitPattern: Unmanaged.passRetained(made).toOpaque()), ordering: .relaxed)
        return made
    }

    /// The queue whose address `slot` keeps, if it was made.
    private static func existingQueue(in slot: borrowing Atomic<UInt>) -> RingQueue<Item>? {
        let bits = slot.load(ordering: .relaxed)
        guard let address = UnsafeRawPointer(bitPattern: bits) else { return nil }
        return Unmanaged<RingQueue<Item>>.fromOpaque(address).takeUnretainedValue()
    }

    /// Under the stripe's lock: ``SerializerStorage/update(handedOff:_:)`` with the number of
    /// items waiting handed off.
    private borrowing func update<Outcome>(_ step: (inout SerializerState) -> Outcome) -> Outcome {
        storage.update(handedOff: Self.existingQueue(in: storage.handOffs)?.count ?? 0, step)
    }
}

/// The part of a ``Serializer`` that does not depend on what it delivers: the word, the ledger
/// and the two queues' addresses. It releases the queues when it is destroyed.
@usableFromInline
struct SerializerStorage: ~Copyable, @unchecked Sendable {
    // @unchecked Sendable: see ``Serializer``'s safety invariants.

    @usableFromInline
    let word = Atomic<UInt>(0)
    // The ledger, changed only under the parking stripe's lock, which orders it: relaxed.
    let ticketsIssued = Atomic<UInt>(0)
    let ticketsGranted = Atomic<UInt>(0)
    // The holder's queue (only the holder touches it) and the hand-off queue (only under the
    // stripe's lock): retained `RingQueue` objects, 0 until first used.
    let queue = Atomic<UInt>(0)
    let handOffs = Atomic<UInt>(0)

    @inlinable
    @inline(__always)
    init() {}

    deinit {
        // Released as any object: a queue's own `deinit` knows its element type.
        if let queue = UnsafeRawPointer(bitPattern: queue.load(ordering: .relaxed)) {
            Unmanaged<AnyObject>.fromOpaque(queue).release()
        }
        if let handOffs = UnsafeRawPointer(bitPattern: handOffs.load(ordering: .relaxed)) {
            Unmanaged<AnyObject>.fromOpaque(handOffs).release()
        }
    }

    /// Whether `ticket` has been granted. Under the stripe's lock.
    func isGranted(_ ticket: UInt) -> Bool {
        SerializerState(ticketsGranted: ticketsGranted.load(ordering: .relaxed)).isGranted(ticket)
    }

    /// Under the stripe's lock: applies `step` to the state as it is now (with `handedOff` items
    /// waiting handed off), installing the new word with a compare-and-exchange and computing
    /// again if a lock-free step changed the word meanwhile; then stores the ledger.
    func update<Outcome>(handedOff: Int, _ step: (inout SerializerState) -> Outcome) -> Outcome {
        while true {
            let current = word.load(ordering: .acquiring)
            var state = SerializerState(
                word: current, ticketsIssued: ticketsIssued.load(ordering: .relaxed),
                ticketsGranted: ticketsGranted.load(ordering: .relaxed), handedOff: handedOff)
            let outcome = step(&state)
            if word.compareExchange(expected: current, desired: state.word, ordering: .acquiringAndReleasing).exchanged
            {
                ticketsIssued.store(state.ticketsIssued, ordering: .relaxed)
                ticketsGranted.store(state.ticketsGranted, ordering: .relaxed)
                return outcome
            }
        }
    }

    /// The parking stripe of this serializer.
    func parkingStripe() -> ParkingStripe {
        // The storage is address-only (it holds atomics), so borrowing it passes its real address.
        let address = withUnsafePointer(to: self) { UInt(bitPattern: $0) }
        return ParkingStripe.stripes[Int((address >> 6) % UInt(ParkingStripe.stripes.count))]
    }
}

/// A thread's hold on a ``Serializer``, which taking it gives and giving it back takes back: it
/// carries the thread's identity, so that giving it back asks the system for nothing.
@usableFromInline
package struct SerializerHold {
    /// The holding thread's identity.
    @usableFromInline
    package let thread: UInt

    /// The hold of the thread with identity `thread`.
    @inlinable
    package init(thread: UInt) {
        self.thread = thread
    }

    /// The calling thread's hold, for a caller that took the serializer in another function.
    @inlinable
    @inline(__always)
    package static var current: SerializerHold {
        SerializerHold(thread: currentThread)
    }

    /// The calling thread's identity as a serializer's word holds it: its pthread handle, an
    /// address, shifted clear of the flags.
    @inlinable
    @inline(__always)
    package static var currentThread: UInt {
        #if canImport(Darwin)
            UInt(bitPattern: pthread_self()) &<< 5
        #else
            UInt(pthread_self()) &<< 5
        #endif
    }
}

/// What ``Serializer/enter()`` did.
@usableFromInline
package enum SerializerEntry {
    /// The caller holds the serializer: it delivers its item (unless ``Serializer/isClosed``) and
    /// then calls ``Serializer/leave(_:_:release:)``.
    case acquired(SerializerHold)
    /// The caller holds it further up its stack, inside a delivery: it queues its item with
    /// ``Serializer/enqueue(_:)`` (or, having decided what to deliver, queues that).
    case reentrant
    /// Closed: the caller drops its item.
    case closed
}

/// Where threads waiting for a ``Serializer`` sleep, and the lock its ledger is changed under: a
/// small fixed set of mutex and condition pairs that every serializer maps onto by address, so
/// that a serializer costs no allocation of its own. A hand-over wakes every sleeper of its
/// stripe, and each checks whether its ticket came up.
// @unchecked Sendable: the pthread mutex guards the condition and what sleepers check.
final class ParkingStripe: @unchecked Sendable {
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
