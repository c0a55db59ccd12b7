/// A recording of what happened at chosen points of live chains: every subscription, element,
/// error, completion and disposal, with its time and the thread or queue it arrived on, ready to
/// be drawn as one picture with a row per point.
///
/// Feed it with RxOperators' `debug(_:into:)`, one call per point, and draw it with ``svg(title:)``,
/// ``html(title:)`` or ``write(to:title:)``:
///
/// ```swift
/// let timeline = Timeline()
/// query.debounce(.milliseconds(300), scheduler: main)
///     .debug("debounced", into: timeline)
/// ```
///
/// It is safe to record from any number of threads at once. It keeps at most ``capacity``
/// events: beyond that the oldest are dropped, and the picture says how many.
public final class Timeline: Sendable {
    /// The number of events a timeline keeps unless told otherwise.
    public static let defaultCapacity = 10_000
    /// The longest text an event keeps, in UTF-8 bytes; a longer one is cut to 100 characters
    /// and an ellipsis, so that each event's memory is bounded.
    public static let longestText = 160

    /// The most events it keeps.
    public let capacity: Int
    /// Where it reads the time.
    public let clock: TimelineClock
    private let storage: TimelineLock<TimelineStorage>

    /// An empty timeline.
    ///
    /// - Parameters:
    ///   - capacity: the most events kept; the oldest go first.
    ///   - clock: where times come from: ``TimelineClock/monotonic`` for live code, a virtual
    ///     clock for code running on a test scheduler.
    /// - Precondition: `capacity` is positive.
    public init(capacity: Int = defaultCapacity, clock: TimelineClock = .monotonic) {
        if capacity <= 0 {
            fatalError("Timeline: capacity must be positive, got \(capacity)")
        }
        self.capacity = capacity
        self.clock = clock
        storage = TimelineLock(TimelineStorage(capacity: capacity))
    }

    /// Starts recording a subscription at `point` (a row of the picture) and records that it
    /// was subscribed; what the returned value records goes on that subscription's lane.
    public func subscription(at point: String) -> TimelineSubscription {
        let numbers = storage.withLock { $0.subscribe(point) }
        let subscription = TimelineSubscription(
            timeline: self, point: numbers.point, number: Int(numbers.subscription))
        subscription.record(.subscribed)
        return subscription
    }

    /// Records `kind` for a subscription. The time and the place are read before the lock is
    /// taken (the clock may be a user's closure); the event dropped to make room, if any, is
    /// released after it is given back.
    func record(_ kind: TimelineEvent.Kind, point: Int32, subscription: Int32) {
        let time = clock.now()
        let mark = ThreadMark.current()
        // Returned out of the lock, so that the dropped event's text is freed after it.
        let dropped = storage.withLock { storage in
            let thread = storage.thread(at: mark)
            return storage.append(
                TimelineStorage.Stored(
                    time: time, point: point, subscription: subscription, thread: thread, kind: kind))
        }
        _ = dropped
    }

    /// The events recorded so far, oldest first.
    public func snapshot() -> TimelineSnapshot {
        storage.withLock { $0.snapshot(unit: clock.unit) }
    }

    /// The number of events kept now.
    public var count: Int {
        storage.withLock { $0.count }
    }

    /// Forgets every event recorded so far, and the count of dropped ones.
    public func removeAll() {
        // Freed after the lock is given back.
        let released = storage.withLock { $0.removeAll() }
        _ = released
    }
}
