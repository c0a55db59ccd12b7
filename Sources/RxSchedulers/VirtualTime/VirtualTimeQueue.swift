import RxCore
import RxDisposables

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The lock of one ``VirtualTimeScheduler``, in an object of its own so that the periodic timers
/// it queues can take it too: they keep their tick under it, so the scheduler sees whether a
/// timer is disposed while it holds the lock for its queue, without a second lock per tick.
@usableFromInline
final class VirtualTimeLock: Sendable {
    @usableFromInline
    let lock = RxLock()

    @usableFromInline
    init() {}

    /// Runs `body` while holding the lock.
    @inlinable
    func withLock<Result>(_ body: () -> Result) -> Result {
        lock.withLock { body() }
    }
}

/// Everything a ``VirtualTimeScheduler`` changes under its lock: the clock, whether the
/// scheduler runs, and its queue, a binary min-heap of ``VirtualTimeItem``s ordered by due time,
/// then by sequence number, so that work due at the same time runs in the order it was queued.
///
/// Disposed items release their action at once but stay queued until reached; sweeping them
/// out whenever the queue doubles keeps a schedule-and-cancel loop from growing it without
/// bound.
@usableFromInline
struct VirtualTimeQueue<Converter: VirtualTimeConverterType> {
    @usableFromInline
    typealias Time = Converter.VirtualTimeUnit

    @usableFromInline
    typealias Entry = VirtualTimeQueueEntry<Time>

    @usableFromInline
    typealias Turn = VirtualTimeQueueTurn<Time>

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

    /// Queues `item` at `time`, after the items already queued for that time.
    @inlinable
    mutating func enqueue(_ item: VirtualTimeItem, at time: Time) {
        heap.append(Entry(time: time, id: nextId, item: item))
        nextId &+= 1
        siftUp(from: heap.count - 1)
        if heap.count >= compactionThreshold {
            compact()
        }
    }

    /// Takes the next live item due no later than `limit` from the queue, moving the clock to
    /// its due time and dropping the disposed items it passes; an empty turn once stopped, or
    /// when nothing more is due.
    ///
    /// A periodic timer with a next tick stays queued: its entry, at the root, is given the
    /// next tick's due time and a new sequence number, before the tick runs, so that work
    /// already queued for that time runs before the next tick and work the tick queues runs
    /// after it.
    @inlinable
    @inline(__always)
    mutating func takeTurn(notAfter limit: Time?) -> Turn {
        guard running else { return Turn() }
        while !heap.isEmpty {
            let tick: (() -> Void)?
            switch heap[0].item {
            case .once(let action):
                if action.isDisposed {
                    removeFirst()
                    continue
                }
                tick = nil
            case .periodic(let timer):
                tick = timer.tick
                if tick == nil {
                    removeFirst()
                    continue
                }
            }
            let time = heap[0].time
            if let limit, converter.compareVirtualTime(time, limit) == .greaterThan {
                return Turn()
            }
            if converter.compareVirtualTime(time, clock) == .greaterThan {
                clock = time
            }
            switch heap[0].item {
            case .once(let action):
                removeFirst()
                return Turn(action: action)
            case .periodic(let timer):
                guard let seconds = timer.periodSeconds, let due = nextPeriodicTime(after: seconds) else {
                    removeFirst()
                    return Turn(tick: tick)
                }
                // At the root, where sifting down alone restores the heap order.
                let id = nextId
                heap[0].time = due
                heap[0].id = id
                nextId &+= 1
                if heap.count > 1 {
                    siftDown(from: 0)
                }
                return Turn(tick: tick, nextTime: due, nextId: id)
            }
        }
        return Turn()
    }

    /// Moves the entry numbered `id` (a periodic timer's next tick, queued by
    /// ``takeTurn(notAfter:)``) to `time`, keeping its place among the work queued for that
    /// time; nothing when it has left the queue. Only for a scheduler whose due-time adjustment
    /// changes a time later than its clock, so a search through the queue is fine.
    @usableFromInline
    mutating func move(entry id: UInt64, to time: Time) {
        guard let index = heap.firstIndex(where: { $0.id == id }) else { return }
        let earlier = converter.compareVirtualTime(time, heap[index].time) == .lessThan
        heap[index].time = time
        if earlier {
            siftUp(from: index)
        } else {
            siftDown(from: index)
        }
    }

    /// When a periodic timer's next tick is due: `seconds` after the clock, but at least the
    /// clock's next step, so that a period shorter than the clock's resolution (a millisecond on
    /// a clock of whole seconds, nanoseconds on a `Date` far from 2001) cannot tick forever at
    /// one instant; `nil` when the clock has no later time (the end of its range, or a
    /// converter that never moves), and the timer ticks no more.
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

    /// Drops the disposed items and restores the heap order.
    @usableFromInline
    mutating func compact() {
        heap.removeAll { $0.item.isDisposedUnderLock }
        var index = heap.count / 2
        while index > 0 {
            index -= 1
            siftDown(from: index)
        }
        compactionThreshold = max(Self.minimumCompactionThreshold, heap.count * 2)
    }
}

/// One place in a ``VirtualTimeQueue``: the item, and the due time and sequence number that
/// order it.
///
/// Generic over the time alone, not nested in the queue, so that code not specialised for a
/// clock finds its layout without asking the runtime for the converter's associated type.
@usableFromInline
struct VirtualTimeQueueEntry<Time> {
    // Variables so that a periodic timer's next tick can reuse the entry of the tick just
    // taken.
    @usableFromInline
    var time: Time
    @usableFromInline
    var id: UInt64
    @usableFromInline
    let item: VirtualTimeItem

    @inlinable
    init(time: Time, id: UInt64, item: VirtualTimeItem) {
        self.time = time
        self.id = id
        self.item = item
    }
}

/// What a ``VirtualTimeScheduler`` runs next, outside its lock, once
/// ``VirtualTimeQueue/takeTurn(notAfter:)`` took it from the queue under the lock. Nothing set
/// means nothing more to run now: the scheduler was stopped, or nothing more is due. Generic
/// over the time alone for the reason ``VirtualTimeQueueEntry`` is.
///
/// A struct of optionals rather than an enum: releasing it takes a few nil checks, where an
/// enum was released through its value witness on every tick.
@usableFromInline
struct VirtualTimeQueueTurn<Time> {
    /// A one-off action to run.
    @usableFromInline
    var action: ScheduledAction?
    /// A periodic timer's tick to run.
    @usableFromInline
    var tick: (() -> Void)?
    /// When the timer of `tick` has a next tick: its due time, and the sequence number of
    /// its entry, which the scheduler passes through its
    /// ``VirtualTimeScheduler/adjustScheduledTime(_:)`` before it runs `tick`. A number, not
    /// the timer, so that the turn holds no further reference to release.
    @usableFromInline
    var nextTime: Time?
    @usableFromInline
    var nextId: UInt64

    @inlinable
    init(action: ScheduledAction? = nil, tick: (() -> Void)? = nil, nextTime: Time? = nil, nextId: UInt64 = 0) {
        self.action = action
        self.tick = tick
        self.nextTime = nextTime
        self.nextId = nextId
    }
}
