/// The storage of a first-in, first-out queue, as a value its owner embeds: one buffer of
/// slots used as a ring, growing by doubling when full. The one place the kit manages memory by
/// hand; ``RingQueue`` and the trampoline's queue are built on it.
///
/// It gives up each element as it is taken: the slot holds nothing afterwards, however much else
/// stays queued (an array read by moving an index keeps every element it passed until it is
/// emptied). Taking an element moves it out of raw storage, which in unspecialised generic code
/// costs no runtime metadata lookup beyond the element's own.
///
/// Safety invariants, which every method keeps and relies on:
/// - `storage` points to `capacity` slots, allocated by this buffer and freed only by it (when it
///   grows, and in `deinit`); `capacity` is a power of two, at least 1.
/// - Exactly the `count` slots at positions `head, head + 1, …, head + count - 1`, taken modulo
///   `capacity` (a mask, since `capacity` is a power of two), hold initialised elements; every
///   other slot is uninitialised. So `0 <= count <= capacity` and `0 <= head < capacity`.
/// - An element is initialised into a slot only when it is uninitialised (`append`, after
///   growing when full), and moved out only when it is initialised (`removeFirst`, which
///   checks `count > 0` in every build); `deinit` deinitialises exactly the occupied slots.
/// - It is `~Copyable`, so no two values share `storage`; and no method calls out to other code
///   while the invariants are broken (moving elements runs no `deinit`), so a method cannot be
///   re-entered half-way.
///
/// Not thread-safe: its owner guards it.
package struct RingBuffer<Element>: ~Copyable {
    private var storage: UnsafeMutablePointer<Element>
    /// How many elements fit before the buffer grows: a power of two.
    package private(set) var capacity: Int
    private var head = 0
    /// How many elements wait.
    package private(set) var count = 0

    /// An empty buffer with room for `minimumCapacity` elements before it first grows.
    package init(minimumCapacity: Int = 8) {
        var capacity = 1
        while capacity < max(minimumCapacity, 1) { capacity <<= 1 }
        self.capacity = capacity
        storage = UnsafeMutablePointer.allocate(capacity: capacity)
    }

    /// Whether no element waits.
    @inline(__always)
    package var isEmpty: Bool { count == 0 }

    /// Adds `element` at the back.
    @inline(__always)
    package mutating func append(_ element: Element) {
        if count == capacity {
            grow()
        }
        (storage + ((head + count) & (capacity - 1))).initialize(to: element)
        count += 1
    }

    /// The front element, left in the buffer; `nil` when none waits.
    @inline(__always)
    package var first: Element? {
        count == 0 ? nil : storage[head]
    }

    /// Takes the front element out; the buffer no longer holds it.
    ///
    /// - Precondition: the buffer is not empty.
    @inline(__always)
    package mutating func removeFirst() -> Element {
        precondition(count > 0, "RingBuffer.removeFirst() on an empty buffer")
        let element = (storage + head).move()
        head = (head + 1) & (capacity - 1)
        count -= 1
        return element
    }

    /// Moves the waiting elements, in order, to the front of storage twice as large.
    private mutating func grow() {
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
