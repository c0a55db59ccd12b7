/// A first-in, first-out queue that gives up each element as it is taken: the slot holds nothing
/// afterwards, however much else stays queued. An array read by moving an index keeps every
/// element it passed until it is emptied, which a producer always one step ahead never allows.
///
/// A class around a ``RingBuffer``, so that an operator can swap its queue out under its lock and
/// let the elements still in it die after the lock is given back (in the queue's `deinit`). Not
/// thread-safe: its owner guards it.
@usableFromInline
package final class RingQueue<Element> {
    // No method lets other code run while it accesses the buffer (moving elements runs no
    // deinit), so two accesses can never overlap and the runtime's check of each is left out.
    @exclusivity(unchecked)
    private var buffer: RingBuffer<Element>

    /// An empty queue with room for `minimumCapacity` elements before it first grows.
    @usableFromInline
    package init(minimumCapacity: Int = 8) {
        buffer = RingBuffer(minimumCapacity: minimumCapacity)
    }

    /// How many elements wait.
    package var count: Int { buffer.count }

    /// Whether no element waits.
    @usableFromInline
    package var isEmpty: Bool { buffer.isEmpty }

    /// Adds `element` at the back.
    package func append(_ element: Element) {
        buffer.append(element)
    }

    /// The front element, left in the queue; `nil` when none waits.
    package var first: Element? {
        buffer.first
    }

    /// Takes the front element out; the queue no longer holds it.
    ///
    /// - Precondition: the queue is not empty.
    @usableFromInline
    package func removeFirst() -> Element {
        buffer.removeFirst()
    }
}
