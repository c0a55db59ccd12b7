/// The elements a ``ReplaySubject`` keeps for new observers: the last `capacity` of them, in
/// order, or all of them when unbounded.
struct ReplayBuffer<Element> {
    private var storage = ContiguousArray<Element>()
    // Where the oldest element is once the buffer is full and wraps around.
    private var start = 0
    /// The most elements kept; `Int.max` for unbounded.
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Adds `element` as the newest, and returns the oldest one when that makes one too many,
    /// for the caller to release after giving its lock back.
    mutating func append(_ element: Element) -> Element? {
        if storage.count < capacity {
            storage.append(element)
            return nil
        }
        if capacity == 0 {
            return element
        }
        defer { start = start + 1 == capacity ? 0 : start + 1 }
        return swapAt(start, element)
    }

    private mutating func swapAt(_ index: Int, _ element: Element) -> Element {
        let evicted = storage[index]
        storage[index] = element
        return evicted
    }

    /// The kept elements, oldest first. A copy only when the buffer has wrapped around.
    var elements: ContiguousArray<Element> {
        if start == 0 {
            return storage
        }
        var ordered = ContiguousArray<Element>()
        ordered.reserveCapacity(storage.count)
        ordered.append(contentsOf: storage[start...])
        ordered.append(contentsOf: storage[..<start])
        return ordered
    }

    /// Empties the buffer and returns what it held, for the caller to release after its lock.
    mutating func removeAll() -> ContiguousArray<Element> {
        start = 0
        defer { storage = [] }
        return storage
    }
}
