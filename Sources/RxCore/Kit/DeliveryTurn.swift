import RxDisposables
import Synchronization

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The right to deliver downstream, held by one thread at a time: the one mechanism behind every
/// operator that meets events from several sources or threads (`merge`, `combineLatest`, `zip`,
/// the time operators, a subject's replay to a new observer).
///
/// A thread that sends an event takes the turn, handles its own event and gives the turn back:
///
/// - **Uncontended**, taking and giving back are one compare-and-exchange each, with no lock and
///   no allocation; the thread's identity is read once, when it takes the turn (``Hold``).
/// - **Re-entrant**: when the thread already holds the turn (an observer downstream sends into
///   one of the sources), ``enter()`` answers `nil`. The caller then queues its event for
///   itself, to handle once the delivery it is inside returns, so events never nest. Only the
///   holder's thread ever touches that queue.
/// - **Another thread holds it**: the sender waits until the turn is handed to it, then handles
///   its own event. Waiting threads are served in arrival order. A sender therefore never
///   delivers another thread's events, and nothing piles up inside the operator: each sending
///   thread has at most one event in flight, as with RxSwift's lock.
///
/// The turn is not a lock on the operator's state, and no framework lock is held while the
/// holder runs user code; it is the serialization the observer contract asks for, which makes a
/// second sender wait or be queued. Like RxSwift's lock, it deadlocks if a delivery blocks on
/// another thread that is itself waiting to send into the same operator.
@usableFromInline
package struct DeliveryTurn: ~Copyable, Sendable {
    // 0 when free; otherwise the holder's thread identity (or `handedOver`, between a hand-over
    // and the new holder's first step), with flags: `waitersBit` while a thread waits, and
    // `requestBit` while another thread asks the holder to run something for it before it leaves
    // (``request()``). Either flag makes the holder's fast exchange fail, so it leaves through
    // ``leaveContended(takingRequest:)``.
    @usableFromInline
    let state = Atomic<UInt>(0)
    // Waiting threads take tickets in arrival order; a hand-over grants the next one. Both are
    // changed only under the parking lot's lock for this turn.
    private let ticketsIssued = Atomic<UInt>(0)
    private let ticketsGranted = Atomic<UInt>(0)

    private static var waitersBit: UInt { 1 }
    private static var requestBit: UInt { 2 }
    private static var flags: UInt { 3 }
    // Never a thread identity: those are addresses of thread control blocks, aligned past 4.
    private static var handedOver: UInt { 4 }

    /// A thread's hold on the turn, which ``enter()`` gives and ``leave(_:)`` takes back: it
    /// carries the thread's identity, so that giving the turn back asks the system for nothing.
    @usableFromInline
    package struct Hold {
        @usableFromInline
        let thread: UInt

        @usableFromInline
        init(thread: UInt) {
            self.thread = thread
        }

        /// The calling thread's hold, for a caller that took the turn in another function.
        @inlinable
        package static var current: Hold { Hold(thread: DeliveryTurn.currentThread()) }
    }

    /// What ``request()`` did.
    package enum RequestOutcome {
        /// The turn was free: the caller holds it now, does the work and calls ``leave(_:)``.
        case taken(Hold)
        /// The calling thread holds the turn further up its stack: it does the work once the
        /// delivery it is inside returns.
        case heldByCurrentThread
        /// Another thread holds the turn: it learns of the request when it leaves
        /// (``leaveUnlessRequested()`` answers `true`) and does the work then.
        case passedToHolder
    }

    /// A free turn.
    package init() {}

    /// Takes the turn, waiting for it if another thread holds it, and gives the caller its hold:
    /// the caller handles its event and then calls ``leave(_:)``. Answers `nil` at once when the
    /// calling thread holds the turn already: the caller is inside its own delivery and must
    /// queue its event for after it.
    @inlinable
    @inline(__always)
    package borrowing func enter() -> Hold? {
        let me = DeliveryTurn.currentThread()
        if state.compareExchange(expected: 0, desired: me, ordering: .acquiring).exchanged {
            return Hold(thread: me)
        }
        return enterContended(me) ? Hold(thread: me) : nil
    }

    /// Takes the turn only if it is free; never waits.
    package borrowing func tryEnter() -> Hold? {
        let me = DeliveryTurn.currentThread()
        return state.compareExchange(expected: 0, desired: me, ordering: .acquiring).exchanged ? Hold(thread: me) : nil
    }

    /// Gives the turn back, to the longest-waiting thread if one waits. Call it on the thread
    /// that took it, once its queue is empty, for a turn nobody calls ``request()`` on.
    @inlinable
    @inline(__always)
    package borrowing func leave(_ hold: Hold) {
        if state.compareExchange(expected: hold.thread, desired: 0, ordering: .releasing).exchanged {
            return
        }
        _ = leaveContended(takingRequest: false)
    }

    /// Gives the turn back like ``leave(_:)``, unless another thread called ``request()`` while
    /// the caller held it: then answers `true`, still holding the turn, and the caller does the
    /// requested work and calls this again.
    @inlinable
    @inline(__always)
    package borrowing func leaveUnlessRequested(_ hold: Hold) -> Bool {
        if state.compareExchange(expected: hold.thread, desired: 0, ordering: .releasing).exchanged {
            return false
        }
        return leaveContended(takingRequest: true)
    }

    /// Asks for work to be done holding the turn, without waiting for it: takes the turn when it
    /// is free, or leaves the work to the thread holding it. For work that must not run beside a
    /// delivery but must not wait for one either (a disposal letting go of what the handler
    /// keeps: the delivery it would wait for may itself be waiting for the disposing thread).
    package borrowing func request() -> RequestOutcome {
        let me = DeliveryTurn.currentThread()
        while true {
            let current = state.load(ordering: .acquiring)
            if current == 0 {
                if state.compareExchange(expected: 0, desired: me, ordering: .acquiring).exchanged {
                    return .taken(Hold(thread: me))
                }
                continue
            }
            if current & ~DeliveryTurn.flags == me {
                return .heldByCurrentThread
            }
            if current & DeliveryTurn.requestBit != 0 {
                return .passedToHolder
            }
            if state.compareExchange(
                expected: current, desired: current | DeliveryTurn.requestBit, ordering: .acquiringAndReleasing
            ).exchanged {
                return .passedToHolder
            }
        }
    }

    @usableFromInline
    @inline(never)
    borrowing func enterContended(_ me: UInt) -> Bool {
        // Only the holder ever writes its own identity, so reading it here means this thread
        // holds the turn further up its stack.
        if state.load(ordering: .relaxed) & ~DeliveryTurn.flags == me {
            return false
        }
        let stripe = parkingStripe()
        stripe.lock()
        defer { stripe.unlock() }
        while true {
            let current = state.load(ordering: .acquiring)
            if current == 0 {
                if state.compareExchange(expected: 0, desired: me, ordering: .acquiring).exchanged {
                    return true
                }
                continue
            }
            if current & DeliveryTurn.waitersBit != 0
                || state.compareExchange(
                    expected: current, desired: current | DeliveryTurn.waitersBit, ordering: .relaxed
                ).exchanged
            {
                break
            }
        }
        let ticket = ticketsIssued.wrappingAdd(1, ordering: .relaxed).oldValue
        while ticketsGranted.load(ordering: .relaxed) &- ticket &- 1 > UInt.max / 2 {
            stripe.wait()
        }
        // Handed over: this thread holds the turn; others may still wait behind it, and a
        // request made meanwhile is now this thread's to take. The stripe's lock orders what the
        // previous holder wrote before this thread reads it.
        let stillWaiting = ticketsIssued.load(ordering: .relaxed) != ticketsGranted.load(ordering: .relaxed)
        var current = state.load(ordering: .relaxed)
        while true {
            let mine = me | (stillWaiting ? DeliveryTurn.waitersBit : 0) | (current & DeliveryTurn.requestBit)
            let (exchanged, found) = state.compareExchange(
                expected: current, desired: mine, ordering: .acquiringAndReleasing)
            if exchanged { return true }
            current = found
        }
    }

    @usableFromInline
    @inline(never)
    borrowing func leaveContended(takingRequest: Bool) -> Bool {
        let stripe = parkingStripe()
        stripe.lock()
        defer { stripe.unlock() }
        while true {
            let current = state.load(ordering: .acquiring)
            if current & DeliveryTurn.requestBit != 0 {
                guard takingRequest else {
                    rxFatalError("DeliveryTurn.leave(_:): a request is pending; use leaveUnlessRequested(_:)")
                }
                if state.compareExchange(
                    expected: current, desired: current & ~DeliveryTurn.requestBit, ordering: .acquiringAndReleasing
                ).exchanged {
                    return true
                }
                continue
            }
            if ticketsIssued.load(ordering: .relaxed) == ticketsGranted.load(ordering: .relaxed) {
                if state.compareExchange(expected: current, desired: 0, ordering: .releasing).exchanged {
                    return false
                }
                continue
            }
            if state.compareExchange(
                expected: current, desired: DeliveryTurn.handedOver | DeliveryTurn.waitersBit, ordering: .releasing
            ).exchanged {
                ticketsGranted.wrappingAdd(1, ordering: .relaxed)
                stripe.wakeAll()
                return false
            }
        }
    }

    private borrowing func parkingStripe() -> ParkingStripe {
        // The turn is address-only (it holds atomics), so borrowing it passes its real address.
        let address = withUnsafePointer(to: self) { UInt(bitPattern: $0) }
        return ParkingStripe.stripes[Int((address >> 6) % UInt(ParkingStripe.stripes.count))]
    }

    /// The calling thread's identity: its pthread handle, an address.
    @inlinable
    @inline(__always)
    package static func currentThread() -> UInt {
        #if canImport(Darwin)
            UInt(bitPattern: pthread_self())
        #else
            UInt(pthread_self())
        #endif
    }
}

/// Where threads waiting for a ``DeliveryTurn`` sleep: a small fixed set of mutex and condition
/// pairs that every turn maps onto by address, so that a turn costs no allocation of its own. A
/// hand-over wakes every sleeper of its stripe, and each checks whether its ticket came up.
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
