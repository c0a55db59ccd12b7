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
/// one `pthread_getspecific` and queueing reuses the same storage.
final class TrampolineQueue {
    var isRunning = false
    private var items: [any TrampolineRunnable] = []
    private var head = 0

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
        if let existing = existingForCurrentThread { return existing }
        let queue = TrampolineQueue()
        pthread_setspecific(key, Unmanaged.passRetained(queue).toOpaque())
        return queue
    }

    /// Whether items wait to run.
    var hasQueuedWork: Bool {
        head < items.count
    }

    func enqueue(_ item: any TrampolineRunnable) {
        items.append(item)
    }

    /// Runs queued items in order, including items queued while draining, until none is left.
    func drain() {
        while head < items.count {
            let item = items[head]
            head += 1
            item.run()
            // Long chains of work that schedules work would otherwise keep every finished item.
            if head >= 1024, head * 2 >= items.count {
                items.removeFirst(head)
                head = 0
            }
        }
        items.removeAll(keepingCapacity: true)
        head = 0
    }
}
