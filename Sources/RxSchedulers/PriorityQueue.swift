/// A binary min-heap ordered by a caller-supplied "runs first" relation.
///
/// Callers that need ties broken by arrival include a sequence number in the relation;
/// the heap itself is not stable.
struct PriorityQueue<Element> {
    private let runsFirst: (Element, Element) -> Bool
    private var elements: [Element] = []

    init(runsFirst: @escaping (Element, Element) -> Bool) {
        self.runsFirst = runsFirst
    }

    var count: Int { elements.count }

    var first: Element? { elements.first }

    mutating func enqueue(_ element: Element) {
        elements.append(element)
        siftUp(from: elements.count - 1)
    }

    mutating func dequeue() -> Element? {
        guard !elements.isEmpty else { return nil }
        elements.swapAt(0, elements.count - 1)
        let removed = elements.removeLast()
        if !elements.isEmpty {
            siftDown(from: 0)
        }
        return removed
    }

    /// Keeps only the elements that satisfy `isIncluded`, restoring the heap order afterwards.
    mutating func retain(where isIncluded: (Element) -> Bool) {
        elements.removeAll { !isIncluded($0) }
        var index = elements.count / 2
        while index > 0 {
            index -= 1
            siftDown(from: index)
        }
    }

    private mutating func siftUp(from start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard runsFirst(elements[child], elements[parent]) else { return }
            elements.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(from start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var first = parent
            if left < elements.count, runsFirst(elements[left], elements[first]) {
                first = left
            }
            if right < elements.count, runsFirst(elements[right], elements[first]) {
                first = right
            }
            if first == parent { return }
            elements.swapAt(parent, first)
            parent = first
        }
    }
}
