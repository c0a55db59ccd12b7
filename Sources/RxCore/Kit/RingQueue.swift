/// A first-in, first-out queue that gives up each element as it is taken: the slot holds nothing
/// afterwards, however much else stays queued. An array read by moving an index keeps every
/// element it passed until it is emptied, which a producer always one step ahead never allows.
///
/// A class, so that an operator can swap its queue out under its lock and let the elements still
/// in it die after the lock is given back (in the queue's `deinit`). Not thread-safe: its owner
/// guards it. Taking an element moves it out of raw storage, which in unspecialised generic code
/// costs no runtime metadata lookup beyond the element's own.
@usableFromInline
package final class RingQueue<Element> {
    private var storage: UnsafeMutablePointer<Element>
    // Always a power of two, so that positions wrap with a mask.
    private var capacity: Int
    private var head = 0

    /// How many elements wait.
    package private(set) var count = 0

    /// An empty queue with room for `minimumCapacity` elements before it first grows.
    @usableFromInline
    package init(minimumCapacity: Int = 8) {
        var capacity = 1
        while capacity < max(minimumCapacity, 1) { capacity <<= 1 }
        self.capacity = capacity
        storage = UnsafeMutablePointer.allocate(capacity: capacity)
    }

    /// Whether no element waits.
    @usableFromInline
    package var isEmpty: Bool { count == 0 }

    /// Adds `element` at the back.
    package func append(_ element: Element) {
        if count == capacity {
            grow()
        }
        (storage + ((head + count) & (capacity - 1))).initialize(to: element)
        count += 1
    }

    /// The front element, left in the queue; `nil` when none waits.
    package var first: Element? {
        count == 0 ? nil : storage[head]
    }

    /// Takes the front element out; the queue no longer holds it.
    ///
    /// - Precondition: the queue is not empty.
    @usableFromInline
    package func removeFirst() -> Element {
        precondition(count > 0, "RingQueue.removeFirst() on an empty queue")
        let element = (storage + head).move()
        head = (head + 1) & (capacity - 1)
        count -= 1
        return element
    }

    private func grow() {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        let front = min(count, capacity - head)
        larger.moveInitialize(from: storage + head, count: front)
        (larger + front).moveInitialize(from: storage, count: count - front)
        storage.deallocate()
        storage = larger
        capacity *= 2
        head = 0
    }

    deinit {
        let front = min(count, capacity - head)
        (storage + head).deinitialize(count: front)
        storage.deinitialize(count: count - front)
        storage.deallocate()
    }
}
