import RxDisposables
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// The trampoline: with `TrampolineAction` and `RingBuffer`, the only code in RxCore's core that
// manages memory by hand. Its safety rests on these invariants, which every member keeps:
//
// - One queue per thread, created on first use and retained once (through `Unmanaged`, since
//   the thread-specific slot is a C interface that stores a raw pointer) by that slot until the
//   thread ends, when the slot's destructor releases it. So the queue a thread reads from its
//   slot is alive while that thread runs, and only that thread reaches it: its stored properties
//   are never accessed concurrently, and no member lets user code run while it holds an access to
//   one open. Their runtime exclusivity checks could never fire, and are left out.
// - `spareActions` points to `maximumSpareActions` slots, of which exactly the first
//   `spareActionCount` hold an action (moved in by `keepSpareAction`, out by
//   `takeSpareAction`); the queue deinitialises those and frees the slots in `deinit`.
// - An action is kept as a spare only when the queue holds the only reference to it after its
//   turn (`isKnownUniquelyReferenced`), so no other thread can reach it, and only once emptied
//   (see `TrampolineAction`).

/// The per-thread state of ``CurrentThreadScheduler``: whether its trampoline is running, and
/// the items waiting for it.
///
/// One instance lives in a thread-specific slot for the life of the thread, so querying it is
/// one `pthread_getspecific` and queueing reuses the same storage. The waiting items sit in a
/// ``RingBuffer``; an item leaves it (and is released) as its turn starts, so a long chain of work
/// that schedules work keeps no finished item.
///
/// Only its own thread touches an instance.
@usableFromInline
final class TrampolineQueue {
    @usableFromInline
    @exclusivity(unchecked)
    var isRunning = false
    @exclusivity(unchecked)
    private var items = RingBuffer<TrampolineItem>(minimumCapacity: initialCapacity)

    private static let initialCapacity = 16
    /// Above this, the queue goes back to its initial size once it is empty.
    private static let retainedCapacity = 1024

    private init() {
        spareActions = .allocate(capacity: Self.maximumSpareActions)
    }

    deinit {
        spareActions.deinitialize(count: spareActionCount)
        spareActions.deallocate()
    }

    // Queued actions that ran while nothing else referred to them, emptied: the next `schedule`
    // fills one instead of allocating. A stack, moved in and out so that keeping an item costs
    // no reference counting. A few cover nested scheduling; more would only hold memory.
    @usableFromInline
    @exclusivity(unchecked)
    var spareActions: UnsafeMutablePointer<TrampolineAction>
    @usableFromInline
    @exclusivity(unchecked)
    var spareActionCount = 0
    private static let maximumSpareActions = 16

    /// A spare action to fill, if the queue keeps one.
    @inlinable
    func takeSpareAction() -> TrampolineAction? {
        guard spareActionCount > 0 else { return nil }
        spareActionCount -= 1
        return (spareActions + spareActionCount).move()
    }

    /// Keeps `action`, emptied, for a later `schedule`, unless enough are kept already.
    private func keepSpareAction(_ action: consuming TrampolineAction) {
        guard spareActionCount < Self.maximumSpareActions else { return }
        (spareActions + spareActionCount).initialize(to: action)
        spareActionCount += 1
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { pointer in
            #if canImport(Darwin)
                Unmanaged<TrampolineQueue>.fromOpaque(pointer).release()
            #else
                guard let pointer else { return }
                Unmanaged<TrampolineQueue>.fromOpaque(pointer).release()
            #endif
        }
        precondition(status == 0, "CurrentThreadScheduler could not create its thread-specific key (error \(status))")
        return key
    }()

    /// This thread's queue, if the thread has used the trampoline before.
    static var existingForCurrentThread: TrampolineQueue? {
        guard let pointer = pthread_getspecific(key) else { return nil }
        return Unmanaged<TrampolineQueue>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// This thread's queue, created on first use.
    static var forCurrentThread: TrampolineQueue {
        Unmanaged<TrampolineQueue>.fromOpaque(currentThreadSlot).takeUnretainedValue()
    }

    /// Calls `body` with this thread's queue, created on first use, without retaining it: the
    /// thread-specific slot keeps it alive as long as the thread runs.
    @inlinable
    static func withCurrentThread<Result>(_ body: (TrampolineQueue) -> Result) -> Result {
        Unmanaged<TrampolineQueue>.fromOpaque(currentThreadSlot)._withUnsafeGuaranteedRef(body)
    }

    /// The thread-specific slot's value: this thread's queue, retained by the slot.
    @usableFromInline
    static var currentThreadSlot: UnsafeMutableRawPointer {
        if let pointer = pthread_getspecific(key) { return pointer }
        let pointer = Unmanaged.passRetained(TrampolineQueue()).toOpaque()
        pthread_setspecific(key, pointer)
        return pointer
    }

    /// Whether items wait to run.
    var hasQueuedWork: Bool {
        !items.isEmpty
    }

    /// How many items fit before the queue grows.
    var queuedCapacity: Int {
        items.capacity
    }

    @usableFromInline
    func enqueue(_ item: TrampolineItem) {
        items.append(item)
    }

    /// Starts the trampoline with `body` as its first action, then drains what it queued.
    ///
    /// - Precondition: the trampoline is not running.
    @inlinable
    func runAsFirstAction<Result>(_ body: () -> Result) -> Result {
        isRunning = true
        defer { isRunning = false }
        let result = body()
        drain()
        return result
    }

    /// Runs queued items in order, including items queued while draining, until none is left.
    @usableFromInline
    func drain() {
        while !items.isEmpty {
            var item = items.removeFirst()
            item.run()
            // Nothing else refers to the item (its disposable was dropped), so no other thread
            // can reach it any more and it may be filled again instead of deallocated.
            if isKnownUniquelyReferenced(&item), item.emptyForReuse() {
                // Only a `TrampolineAction` answers `true`.
                keepSpareAction(unsafeDowncast(consume item, to: TrampolineAction.self))
            }
        }
        if items.capacity > Self.retainedCapacity {
            items = RingBuffer(minimumCapacity: Self.initialCapacity)
        }
    }
}
