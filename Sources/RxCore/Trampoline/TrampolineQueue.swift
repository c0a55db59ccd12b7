#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The per-thread state of ``CurrentThreadScheduler``: whether its trampoline is running, and
/// the items waiting for it.
///
/// One instance lives in a thread-specific slot for the life of the thread, so querying it is
/// one `pthread_getspecific` and queueing reuses the same storage. The waiting items sit in a
/// ring buffer; an item leaves it (and is released) as its turn starts, so a long chain of work
/// that schedules work keeps no finished item.
///
/// Only its own thread touches an instance, so its stored properties skip the runtime's
/// exclusivity checks.
@usableFromInline
final class TrampolineQueue {
    @usableFromInline
    @exclusivity(unchecked)
    var isRunning = false
    @exclusivity(unchecked)
    private var slots: UnsafeMutablePointer<TrampolineItem>
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
        spareActions = .allocate(capacity: Self.maximumSpareActions)
    }

    deinit {
        spareActions.deinitialize(count: spareActionCount)
        spareActions.deallocate()
        for offset in 0..<count {
            (slots + ((head + offset) & (capacity - 1))).deinitialize(count: 1)
        }
        slots.deallocate()
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
        count > 0
    }

    @usableFromInline
    func enqueue(_ item: TrampolineItem) {
        if count == capacity {
            resize(to: capacity * 2)
        }
        (slots + ((head + count) & (capacity - 1))).initialize(to: item)
        count += 1
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
        while count > 0 {
            var item = (slots + head).move()
            head = (head + 1) & (capacity - 1)
            count -= 1
            item.run()
            // Nothing else refers to the item (its disposable was dropped), so no other thread
            // can reach it any more and it may be filled again instead of deallocated.
            if isKnownUniquelyReferenced(&item), item.emptyForReuse() {
                keepSpareAction(unsafeDowncast(consume item, to: TrampolineAction.self))
            }
        }
        head = 0
        if capacity > Self.retainedCapacity {
            resize(to: Self.initialCapacity)
        }
    }

    /// Moves the waiting items, in order, to the start of a new buffer of `newCapacity`.
    private func resize(to newCapacity: Int) {
        let newSlots = UnsafeMutablePointer<TrampolineItem>.allocate(capacity: newCapacity)
        let firstPart = min(count, capacity - head)
        newSlots.moveInitialize(from: slots + head, count: firstPart)
        (newSlots + firstPart).moveInitialize(from: slots, count: count - firstPart)
        slots.deallocate()
        slots = newSlots
        capacity = newCapacity
        head = 0
    }
}
