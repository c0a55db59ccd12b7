import RxCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Everything a ``VirtualTimeScheduler`` changes under its lock: whether it runs, the clock, and
/// a binary min-heap of queued work ordered by due time, then by sequence number, so that work
/// due at the same time runs in the order it was queued.
///
/// Disposed work releases its action at once but stays queued until reached; sweeping it out
/// whenever the queue doubles keeps a schedule-and-cancel loop from growing it without bound.
@usableFromInline
struct VirtualSchedulerState<Converter: VirtualTimeConverterType> {
    @usableFromInline
    typealias Time = Converter.VirtualTimeUnit

    @usableFromInline
    typealias Entry = VirtualSchedulerEntry<Time>

    @usableFromInline
    static var minimumCompactionThreshold: Int { 64 }

    @usableFromInline
    let converter: Converter
    @usableFromInline
    var running = false
    @usableFromInline
    var clock: Time
    @usableFromInline
    var heap: [Entry] = []
    @usableFromInline
    var nextId: UInt64 = 0
    @usableFromInline
    var compactionThreshold = Self.minimumCompactionThreshold

    @inlinable
    init(clock: Time, converter: Converter) {
        self.clock = clock
        self.converter = converter
    }

    /// Queues `work` at `time`, after the work already queued for that time.
    @inlinable
    mutating func enqueue(_ work: VirtualScheduledWork, at time: Time) {
        heap.append(Entry(time: time, id: nextId, work: work))
        nextId &+= 1
        siftUp(from: heap.count - 1)
        if heap.count >= compactionThreshold {
            compact()
        }
    }

    /// Takes the next live work due no later than `limit` from the queue, moving the clock to
    /// its due time and dropping the disposed work it passes; `nil` once stopped, or when
    /// nothing more is due. When `adjust` (the scheduler's due-time adjustment, given the
    /// clock) is given, a periodic item's next tick is queued here, in place of the entry just
    /// taken.
    @inlinable
    @inline(__always)
    mutating func takeTurn(notAfter limit: Time?, adjustingUnderLock adjust: ((Time, Time) -> Time)?)
        -> VirtualSchedulerTurn
    {
        guard running else { return VirtualSchedulerTurn() }
        while !heap.isEmpty {
            let tick: (() -> Void)?
            switch heap[0].work {
            case .once(let action):
                if action.isDisposed {
                    removeFirst()
                    continue
                }
                tick = nil
            case .periodic(let item):
                tick = item.tickUnderLock
                if tick == nil {
                    removeFirst()
                    continue
                }
            }
            let time = heap[0].time
            if let limit, converter.compareVirtualTime(time, limit) == .greaterThan {
                return VirtualSchedulerTurn()
            }
            if converter.compareVirtualTime(time, clock) == .greaterThan {
                clock = time
            }
            switch heap[0].work {
            case .once(let action):
                removeFirst()
                return VirtualSchedulerTurn(action: action)
            case .periodic(let item):
                guard let seconds = item.periodSeconds else {
                    removeFirst()
                    return VirtualSchedulerTurn(tick: tick)
                }
                guard let adjust else {
                    removeFirst()
                    return VirtualSchedulerTurn(tick: tick, rearm: item, seconds: seconds)
                }
                guard let due = nextPeriodicTime(after: seconds) else {
                    removeFirst()
                    return VirtualSchedulerTurn(tick: tick)
                }
                // The next tick reuses the entry of the one just taken, at the root, where
                // sifting down alone restores the heap order.
                heap[0].time = adjust(due, clock)
                heap[0].id = nextId
                nextId &+= 1
                if heap.count > 1 {
                    siftDown(from: 0)
                }
                return VirtualSchedulerTurn(tick: tick)
            }
        }
        return VirtualSchedulerTurn()
    }

    /// When a periodic item's next tick is due: `seconds` after the clock, but at least the
    /// clock's next step, so that a period shorter than the clock's resolution (a millisecond on
    /// a clock of whole seconds, nanoseconds on a `Date` far from 2001) cannot tick forever at
    /// one instant; `nil` when the clock has no later time (the end of its range, or a
    /// converter that never moves), and the item ticks no more.
    @inlinable
    func nextPeriodicTime(after seconds: Double) -> Time? {
        let start = converter.convertFromVirtualTime(clock)
        let due = converter.convertToVirtualTime(start.addingTimeInterval(seconds))
        if converter.compareVirtualTime(due, clock) == .greaterThan {
            return due
        }
        return firstLaterTime(from: start)
    }

    /// The first virtual time after the clock that a real interval reaches, found by doubling
    /// from one nanosecond, so it is at most one step past the clock's resolution there.
    @usableFromInline
    func firstLaterTime(from start: RxTime) -> Time? {
        var seconds = 1e-9
        // 1 ns doubled 160 times is about 10^39 s: past any clock a converter can mean.
        for _ in 0..<160 {
            let later = converter.convertToVirtualTime(start.addingTimeInterval(seconds))
            if converter.compareVirtualTime(later, clock) == .greaterThan {
                return later
            }
            seconds *= 2
        }
        return nil
    }

    /// Whether `lhs` runs before `rhs`.
    @inlinable
    func runsFirst(_ lhs: Entry, _ rhs: Entry) -> Bool {
        switch converter.compareVirtualTime(lhs.time, rhs.time) {
        case .lessThan: true
        case .equal: lhs.id < rhs.id
        case .greaterThan: false
        }
    }

    @inlinable
    mutating func removeFirst() {
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            siftDown(from: 0)
        }
    }

    @inlinable
    mutating func siftUp(from start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard runsFirst(heap[child], heap[parent]) else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    @inlinable
    mutating func siftDown(from start: Int) {
        var parent = start
        let count = heap.count
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var first = parent
            if left < count, runsFirst(heap[left], heap[first]) {
                first = left
            }
            if right < count, runsFirst(heap[right], heap[first]) {
                first = right
            }
            if first == parent { return }
            heap.swapAt(parent, first)
            parent = first
        }
    }

    /// Drops the disposed work and restores the heap order.
    @usableFromInline
    mutating func compact() {
        heap.removeAll { $0.work.isDisposedUnderLock }
        var index = heap.count / 2
        while index > 0 {
            index -= 1
            siftDown(from: index)
        }
        compactionThreshold = max(Self.minimumCompactionThreshold, heap.count * 2)
    }
}
