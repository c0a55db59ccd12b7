/// What a ``Timeline`` keeps under its lock: the events in a ring of at most `capacity`, and the
/// names the events refer to by number.
struct TimelineStorage {
    /// One event as kept: names by number, so that an event costs a few words and its text.
    struct Stored {
        let time: Int
        let point: Int32
        let subscription: Int32
        let thread: Int32
        let kind: TimelineEvent.Kind
    }

    let capacity: Int
    /// The ring: filled up to `capacity`, then overwritten from `head`, the oldest.
    private var events: [Stored] = []
    private var head = 0
    private(set) var dropped = 0
    private(set) var droppedUntil: Int?

    private var points: [String] = []
    private var pointNumbers: [String: Int32] = [:]
    private var subscriptions: Int32 = 0

    private var threads: [String] = []
    private var threadNumbers: [String: Int32] = [:]
    private var places: [ThreadMark: (label: String?, thread: Int32)] = [:]
    private var ordinals: [UInt: Int] = [:]
    private var lastPlace: (mark: ThreadMark, label: String?, thread: Int32)?

    init(capacity: Int) {
        self.capacity = capacity
    }

    var count: Int { events.count }

    /// Numbers a new subscription at `point`.
    mutating func subscribe(_ point: String) -> (point: Int32, subscription: Int32) {
        let number: Int32
        if let known = pointNumbers[point] {
            number = known
        } else {
            number = Int32(points.count)
            points.append(point)
            pointNumbers[point] = number
        }
        subscriptions &+= 1
        return (number, subscriptions)
    }

    /// Keeps `event`, dropping the oldest when full; returns the dropped one, which the caller
    /// releases after giving the lock back.
    mutating func append(_ event: Stored) -> Stored? {
        guard events.count == capacity else {
            // Grown by doubling, as an array is, but never past the capacity.
            if events.count == events.capacity {
                events.reserveCapacity(min(capacity, max(16, events.count * 2)))
            }
            events.append(event)
            return nil
        }
        let oldest = events[head]
        events[head] = event
        head = head + 1 == capacity ? 0 : head + 1
        dropped += 1
        droppedUntil = max(droppedUntil ?? oldest.time, oldest.time)
        return oldest
    }

    /// The number of the place `mark` names, naming it the first time. Called on the thread
    /// that took the mark, so that its queue's label is still alive to read.
    mutating func thread(at mark: ThreadMark) -> Int32 {
        if let last = lastPlace, last.mark == mark, last.label.map(mark.labelSpells) ?? true {
            return last.thread
        }
        if let known = places[mark], known.label.map(mark.labelSpells) ?? true {
            lastPlace = (mark, known.label, known.thread)
            return known.thread
        }
        let label = mark.labelText()
        let name = ThreadMark.name(label: label) {
            if let ordinal = ordinals[mark.thread] { return ordinal }
            let ordinal = ordinals.count + 1
            ordinals[mark.thread] = ordinal
            return ordinal
        }
        let number: Int32
        if let known = threadNumbers[name] {
            number = known
        } else {
            number = Int32(threads.count)
            threads.append(name)
            threadNumbers[name] = number
        }
        places[mark] = (label, number)
        lastPlace = (mark, label, number)
        return number
    }

    /// The events, oldest first, with their names.
    func snapshot(unit: TimelineClock.Unit) -> TimelineSnapshot {
        let ordered = events[head...] + events[..<head]
        var result: [TimelineEvent] = []
        result.reserveCapacity(ordered.count)
        for (offset, event) in ordered.enumerated() {
            result.append(
                TimelineEvent(
                    sequence: dropped + offset, time: event.time, point: points[Int(event.point)],
                    subscription: Int(event.subscription), thread: threads[Int(event.thread)], kind: event.kind))
        }
        return TimelineSnapshot(
            events: result, droppedCount: dropped, droppedUntil: droppedUntil, unit: unit, capacity: capacity)
    }

    /// Forgets every event and name; subscriptions still running go on with their numbers.
    mutating func removeAll() -> [Stored] {
        let released = events
        events = []
        head = 0
        dropped = 0
        droppedUntil = nil
        return released
    }
}
