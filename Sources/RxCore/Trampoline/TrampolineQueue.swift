#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The per-thread state of ``CurrentThreadScheduler``: whether its trampoline is running, and
/// the work waiting for it.
///
/// One instance lives in a thread-specific slot for the life of the thread, so querying it is
/// one `pthread_getspecific` and queueing reuses the same storage. The waiting entries sit in a
/// ring buffer; an entry leaves it (and is released) as its turn starts, so a long chain of work
/// that schedules work keeps no finished entry.
///
/// Only its own thread touches an instance, so its stored properties skip the runtime's
/// exclusivity checks.
@usableFromInline
final class TrampolineQueue {
    @usableFromInline
    @exclusivity(unchecked)
    var isRunning = false
    @exclusivity(unchecked)
    private var slots: UnsafeMutablePointer<TrampolineEntry>
    /// A power of two, so that positions wrap with a mask.
    @exclusivity(unchecked)
    private var capacity: Int
    @exclusivity(unchecked)
    private var head = 0
    @exclusivity(unchecked)
    private var count = 0

    private static let initialCapacity = 16
    /// Above this, the buffer goes back to its initial size once the queue is empty.
    private static let retainedCapacity = 1024

    private init() {
        capacity = Self.initialCapacity
        slots = .allocate(capacity: capacity)
        spareItems = .allocate(capacity: Self.maximumSpareItems)
    }

    deinit {
        spareItems.deinitialize(count: spareItemCount)
        spareItems.deallocate()
        for offset in 0..<count {
            (slots + ((head + offset) & (capacity - 1))).deinitialize(count: 1)
        }
        slots.deallocate()
    }

    // Queued items that ran while nothing else referred to them, emptied: the next `schedule`
    // fills one instead of allocating. A stack, moved in and out so that keeping an item costs
    // no reference counting. A few cover nested scheduling; more would only hold memory.
    @usableFromInline
    @exclusivity(unchecked)
    var spareItems: UnsafeMutablePointer<TrampolineItem>
    @usableFromInline
    @exclusivity(unchecked)
    var spareItemCount = 0
    private static let maximumSpareItems = 16

    /// A spare item to fill, if the queue keeps one.
    @inlinable
    func takeSpareItem() -> TrampolineItem? {
        guard spareItemCount > 0 else { return nil }
        spareItemCount -= 1
        return (spareItems + spareItemCount).move()
    }

    /// Keeps `item`, emptied, for a later `schedule`, unless enough are kept already.
    private func keepSpareItem(_ item: consuming TrampolineItem) {
        guard spareItemCount < Self.maximumSpareItems else { return }
        (spareItems + spareItemCount).initialize(to: item)
        spareItemCount += 1
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

    /// Whether entries wait to run.
    var hasQueuedWork: Bool {
        count > 0
    }

    @usableFromInline
    func enqueue(_ entry: TrampolineEntry) {
        if count == capacity {
            resize(to: capacity * 2)
        }
        (slots + ((head + count) & (capacity - 1))).initialize(to: entry)
        count += 1
    }

    /// Runs queued entries in order, including entries queued while draining, until none is left.
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

    @usableFromInline
    func drain() {
        while count > 0 {
            var entry = (slots + head).move()
            head = (head + 1) & (capacity - 1)
            count -= 1
            entry.run()
            // Nothing else refers to the entry (its disposable was dropped), so no other thread
            // can reach it any more and it may be filled again instead of deallocated.
            if isKnownUniquelyReferenced(&entry), entry.emptyForReuse() {
                keepSpareItem(unsafeDowncast(consume entry, to: TrampolineItem.self))
            }
        }
        head = 0
        if capacity > Self.retainedCapacity {
            resize(to: Self.initialCapacity)
        }
    }

    /// Moves the waiting entries, in order, to the start of a new buffer of `newCapacity`.
    private func resize(to newCapacity: Int) {
        let newSlots = UnsafeMutablePointer<TrampolineEntry>.allocate(capacity: newCapacity)
        let firstPart = min(count, capacity - head)
        newSlots.moveInitialize(from: slots + head, count: firstPart)
        (newSlots + firstPart).moveInitialize(from: slots, count: count - firstPart)
        slots.deallocate()
        slots = newSlots
        capacity = newCapacity
        head = 0
    }
}
