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
    }

    deinit {
        for offset in 0..<count {
            (slots + ((head + offset) & (capacity - 1))).deinitialize(count: 1)
        }
        slots.deallocate()
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
            let entry = (slots + head).move()
            head = (head + 1) & (capacity - 1)
            count -= 1
            entry.run()
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
