/// The decisions of a ``Serializer``, as a plain value with no threads, locks or atomics: who
/// holds the serializer, who waits for it and in which order, what the holder has still to do
/// (items it queued for itself, items other threads handed it, a release asked of it) and
/// whether the serializer is closed.
///
/// The serializer keeps this state in two places. The *word* is one atomic that every
/// uncontended path reads and changes with a single compare-and-exchange: the holder's identity
/// and five flags. The *ledger* (the tickets of waiting threads, how many items were handed off)
/// changes only under the serializer's parking lock. Each method here is one indivisible step:
/// the serializer applies a step that needs only the word (`taking`, `giving`, `queuing`, ...)
/// with one compare-and-exchange, and a step that needs the ledger (`arrive`, `handOff`,
/// `close`, `leaving`, `install`) by computing it under the lock and installing the new word
/// with a compare-and-exchange, computing it again if a lock-free step changed the word
/// meanwhile. Every run of real threads is therefore an interleaving of these steps, which is
/// what `SerializerStateTests` explores, every interleaving of a few threads, without threads.
///
/// Invariants (``isConsistent``): a flag other than `closed` is set only while the serializer is
/// held or handed over; `queued` only while held; `request` exactly while items wait handed off.
@usableFromInline
package struct SerializerState: Hashable, Sendable {
    /// Threads hold tickets that have not been granted yet.
    package static let waitingBit: UInt = 1
    /// Items handed off by senders that found another thread holding the serializer wait for it.
    package static let requestBit: UInt = 2
    /// The holder queued items for itself from inside its delivery.
    @usableFromInline
    package static let queuedBit: UInt = 4
    /// Closed: nothing more is queued, handed off or delivered. Never cleared.
    @usableFromInline
    package static let closedBit: UInt = 8
    /// A close asked the holder to run its release before giving the serializer back.
    package static let releaseBit: UInt = 16
    /// Every flag.
    @usableFromInline
    package static let flags: UInt = 31
    /// The holder field while the serializer passes from a leaving holder to the longest waiting
    /// thread, which has not taken it yet. Never a thread's identity, which has its low bits clear
    /// and is larger.
    package static let handedOver: UInt = 32

    /// The word: the holder field (0 when free, ``handedOver``, or a thread's identity) and the
    /// flags.
    package var word: UInt
    /// Tickets given to threads that waited, in arrival order (ledger).
    package var ticketsIssued: UInt
    /// Tickets granted so far: ticket `t` is granted once `ticketsGranted` passed it (ledger).
    package var ticketsGranted: UInt
    /// How many items wait handed off (ledger; the serializer's hand-off queue holds them).
    package var handedOff: Int

    /// A state; a new serializer's is free, with nothing waiting.
    package init(word: UInt = 0, ticketsIssued: UInt = 0, ticketsGranted: UInt = 0, handedOff: Int = 0) {
        self.word = word
        self.ticketsIssued = ticketsIssued
        self.ticketsGranted = ticketsGranted
        self.handedOff = handedOff
    }

    /// The holder field of `word`.
    @inlinable
    package static func holder(_ word: UInt) -> UInt { word & ~flags }

    /// The holder field.
    package var holder: UInt { Self.holder(word) }

    /// Whether the serializer is closed.
    package var isClosed: Bool { word & Self.closedBit != 0 }

    /// Whether the invariants hold.
    package var isConsistent: Bool {
        let busy = word & (Self.flags & ~Self.closedBit)
        if holder == 0 && busy != 0 { return false }
        if holder == Self.handedOver && word & Self.queuedBit != 0 { return false }
        if (word & Self.requestBit != 0) != (handedOff > 0) { return false }
        if (word & Self.waitingBit == 0) && holder != Self.handedOver && ticketsIssued != ticketsGranted {
            return false
        }
        return true
    }

    // MARK: Steps on the word alone (one compare-and-exchange each)

    /// Taking a free serializer: the word with `thread` holding it, or `nil` when it is not
    /// free (held, handed over or closed).
    @inlinable
    package static func taking(_ word: UInt, by thread: UInt) -> UInt? {
        word == 0 ? thread : nil
    }

    /// Giving the serializer back when the holder has nothing left to do: the free word, or
    /// `nil` when a flag says otherwise (a queued or handed-off item, a waiting thread, a close).
    @inlinable
    package static func giving(_ word: UInt, backBy thread: UInt) -> UInt? {
        word == thread ? 0 : nil
    }

    /// How a thread that could not take the serializer at once stands, read from the word
    /// without the lock. Only the holder writes its own identity, so a thread that reads its
    /// own identity holds the serializer further up its stack.
    package enum Contention: Hashable, Sendable {
        /// The calling thread holds it: the caller is inside its own delivery.
        case reentrant
        /// Closed.
        case closed
        /// Held by another thread, handed over, or free again: the locked step decides.
        case contended
    }

    /// How `thread` stands when taking the serializer failed.
    package static func contention(_ word: UInt, for thread: UInt) -> Contention {
        if holder(word) == thread { return .reentrant }
        if word & closedBit != 0 { return .closed }
        return .contended
    }

    /// The holder keeping an item for after its delivery: the word with the `queued` flag, or
    /// `nil` when the serializer is closed and the item is to be dropped.
    package static func queuing(_ word: UInt) -> UInt? {
        word & closedBit != 0 ? nil : word | queuedBit
    }

    /// The holder having taken the last item it queued.
    package static func queueEmptied(_ word: UInt) -> UInt {
        word & ~queuedBit
    }

    /// Closing without a release: the closed word, or `nil` when it was closed already.
    package static func closing(_ word: UInt) -> UInt? {
        word & closedBit != 0 ? nil : word | closedBit
    }

    /// Closing a free serializer with a release: the word with `thread` holding the closed
    /// serializer, to run the release and give it back; `nil` when it is not free.
    package static func takingToClose(_ word: UInt, by thread: UInt) -> UInt? {
        word == 0 ? thread | closedBit : nil
    }

    // MARK: Steps on the word and the ledger (under the parking lock)

    /// What a sender that must wait found under the lock.
    package enum Arrival: Hashable, Sendable {
        /// The serializer was free: the sender holds it.
        case acquired
        /// The sender holds it further up its stack.
        case reentrant
        /// Closed: the sender drops its item.
        case closed
        /// Held: the sender waits until `ticket` is granted, then takes it (``install(_:)``).
        case wait(ticket: UInt)
    }

    /// A sender that must not proceed beside the holder arrives.
    package mutating func arrive(_ thread: UInt) -> Arrival {
        if holder == thread { return .reentrant }
        if isClosed { return .closed }
        if word == 0 {
            word = thread
            return .acquired
        }
        word |= Self.waitingBit
        let ticket = ticketsIssued
        ticketsIssued &+= 1
        return .wait(ticket: ticket)
    }

    /// Whether `ticket` has been granted.
    package func isGranted(_ ticket: UInt) -> Bool {
        // Wrapping: granted once `ticketsGranted` is past it, by less than half the range.
        ticketsGranted &- ticket &- 1 <= UInt.max / 2
    }

    /// The thread whose ticket was granted takes the serializer handed over to it. What was
    /// asked of the holder meanwhile (handed-off items, a release, a close) is its to do now.
    package mutating func install(_ thread: UInt) {
        precondition(holder == Self.handedOver, "SerializerState.install(_:): nothing was handed over")
        let waiting = ticketsIssued != ticketsGranted ? Self.waitingBit : 0
        word = thread | waiting | (word & (Self.requestBit | Self.closedBit | Self.releaseBit))
    }

    /// What a sender that never waits found under the lock.
    package enum HandOff: Hashable, Sendable {
        /// The serializer was free: the sender holds it.
        case acquired
        /// The sender holds it further up its stack: it queues its item.
        case reentrant
        /// Closed: the sender drops its item.
        case closed
        /// Another thread holds it (or is being handed it): the item is left for that thread,
        /// which delivers it before it gives the serializer back.
        case handedOff
    }

    /// A sender that never waits leaves its item to the holder, or takes a free serializer.
    package mutating func handOff(_ thread: UInt) -> HandOff {
        if holder == thread { return .reentrant }
        if isClosed { return .closed }
        if word == 0 {
            word = thread
            return .acquired
        }
        handedOff += 1
        word |= Self.requestBit
        return .handedOff
    }

    /// What closing with a release did.
    package enum Close: Hashable, Sendable {
        /// The serializer was free: the closing thread holds it, runs the release, then gives
        /// it back.
        case acquired
        /// The holder (the closing thread further up its stack, or another) runs the release
        /// before it gives the serializer back; the closing thread does not wait.
        case deferred
        /// It was closed already: nothing to do.
        case alreadyClosed
    }

    /// Closes, asking for the release to run holding the serializer, without waiting for it.
    package mutating func close(_ thread: UInt) -> Close {
        if isClosed { return .alreadyClosed }
        if word == 0 {
            word = thread | Self.closedBit
            return .acquired
        }
        word |= Self.closedBit | Self.releaseBit
        return .deferred
    }

    /// The holder's next step once its own delivery and its queue are done.
    package enum Leaving: Hashable, Sendable {
        /// Take the oldest handed-off item and deliver it (or drop it, when closed).
        case takeHandedOff
        /// Run the release a close asked for.
        case release
        /// The serializer went to the longest waiting thread; wake it.
        case handedOver
        /// The serializer is free.
        case freed
    }

    /// The holder, with nothing of its own queued, takes the next thing asked of it or gives
    /// the serializer back.
    package mutating func leaving(_ thread: UInt) -> Leaving {
        precondition(holder == thread, "SerializerState.leaving(_:): the caller does not hold the serializer")
        precondition(word & Self.queuedBit == 0, "SerializerState.leaving(_:): items are still queued")
        if handedOff > 0 {
            handedOff -= 1
            if handedOff == 0 { word &= ~Self.requestBit }
            return .takeHandedOff
        }
        if word & Self.releaseBit != 0 {
            word &= ~Self.releaseBit
            return .release
        }
        if ticketsIssued != ticketsGranted {
            ticketsGranted &+= 1
            word = Self.handedOver | Self.waitingBit | (word & Self.closedBit)
            return .handedOver
        }
        word &= Self.closedBit
        return .freed
    }
}
