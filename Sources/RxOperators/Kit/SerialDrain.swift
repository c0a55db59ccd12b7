import RxCore
import RxDisposables

/// Serializes what several sources send to one sink: whichever thread arrives while nobody is
/// handling an event handles its own and then everything queued meanwhile; a thread that
/// arrives while another is handling leaves its event in the queue and returns.
///
/// The handler therefore never runs on two threads at once, nor reentrantly: an event sent from
/// inside the handler (a downstream observer feeding one of the sources) waits until the
/// handler returns and is then handled on the same thread, in arrival order. State touched only
/// by the handler needs no lock of its own.
///
/// No user code runs under the lock: the handler is called outside it, and what the queue held
/// is given back by ``close()`` to be released by the caller. After ``close()`` nothing is
/// queued or handled.
final class SerialDrain<Item> {
    private let lock = RxLock()
    // Gives up each item as it is handled, so it keeps only what waits. Made at the first
    // event that has to wait: a subscription whose events never overlap allocates none.
    private var queue: RingQueue<Item>?
    private var handling = false
    private var closed = false
    // Set by `close(releasing:)` when it finds an event being handled: the handling thread then
    // runs the release once it is done.
    private var releaseRequested = false

    /// Handles `item` with `handle` now, followed by whatever is queued by then, or queues it
    /// when another call is handling; drops it after ``close()``.
    @inline(__always)
    func serialize(_ item: Item, _ handle: (Item) -> Void, release: () -> Void = {}) {
        let handleNow: Bool = lock.withLock {
            if closed { return false }
            if handling {
                enqueue(item)
                return false
            }
            handling = true
            return true
        }
        guard handleNow else { return }
        handle(item)
        leave(handle, release: release)
    }

    /// Makes the caller the one handling when nobody is and the drain is open, without an item:
    /// it then handles its event itself and calls ``leave(_:release:)``. Otherwise answers
    /// `false`, having queued the item `makeItem` builds (under the lock: it must call no user
    /// code) unless the drain is closed. For a caller whose uncontended path should build no
    /// item. Out of line: inside it, this drain's type metadata comes with `self`, where
    /// inlined code generic over the item would look it up to find the stored properties.
    @inline(never)
    func enterOrQueue(_ makeItem: () -> Item) -> Bool {
        lock.withLock {
            if closed { return false }
            if handling {
                enqueue(makeItem())
                return false
            }
            handling = true
            return true
        }
    }

    /// Under the lock: queues `item` for the thread handling.
    private func enqueue(_ item: Item) {
        if let queue {
            queue.append(item)
        } else {
            let queue = RingQueue<Item>(minimumCapacity: 4)
            queue.append(item)
            self.queue = queue
        }
    }

    /// For the caller handling (``enterOrQueue(_:)`` answered `true`), once its own event is
    /// handled: handles what was queued meanwhile, then frees the drain. Out of line, as
    /// ``enterOrQueue(_:)``.
    @inline(never)
    func leave(_ handle: (Item) -> Void, release: () -> Void = {}) {
        var mustRelease = false
        while let next = takeNext(mustRelease: &mustRelease) {
            handle(next)
        }
        if mustRelease {
            release()
        }
    }

    /// The oldest queued item; `nil`, and the drain free for the next arrival, when none waits.
    /// Sets `mustRelease` when the drain was closed with a release for the handler to run.
    private func takeNext(mustRelease: inout Bool) -> Item? {
        lock.withLockReturningShared {
            guard !closed, let queue, !queue.isEmpty else {
                handling = false
                if releaseRequested {
                    releaseRequested = false
                    mustRelease = true
                }
                return nil
            }
            // Shared with the caller only: the item leaves the queue here, under the lock.
            return queue.removeFirst()
        }
    }

    /// Stops queueing and handling like ``close()``, then runs `release`, outside the lock, as
    /// the handler would: at once when no event is being handled, otherwise on the thread
    /// handling one, once it is done (with the `release` it passed to ``serialize(_:_:release:)``).
    /// For a handler's state that keeps elements, which must not outlive the subscription.
    func close(releasing release: () -> Void) {
        let (queued, releaseNow): (RingQueue<Item>?, Bool) = lock.withLockReturningShared {
            if closed { return (nil, false) }
            closed = true
            defer { queue = nil }
            if handling {
                releaseRequested = true
                return (queue, false)
            }
            // Taken so that nothing else handles meanwhile; nothing does after `closed` anyway.
            handling = true
            return (queue, true)
        }
        _ = queued
        if releaseNow {
            release()
        }
    }

    /// Stops queueing and handling; returns what was queued, for the caller to release outside
    /// any lock.
    @discardableResult
    func close() -> RingQueue<Item>? {
        lock.withLockReturningShared {
            if closed { return nil }
            closed = true
            defer { queue = nil }
            return queue
        }
    }
}
