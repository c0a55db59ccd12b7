#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a ``Timeline`` reads the time of each event: a monotonic clock in nanoseconds, or a
/// virtual clock (a test scheduler's) in its ticks.
public struct TimelineClock: Sendable {
    /// What one unit of the clock's readings is.
    public enum Unit: Sendable, Equatable {
        /// Nanoseconds of real, monotonic time: the picture counts from the first event.
        case nanoseconds
        /// Ticks of a virtual clock: the picture shows them as they are.
        case ticks
    }

    /// What one unit of the readings is.
    public let unit: Unit
    private let read: (@Sendable () -> Int)?

    /// The system's monotonic clock, which no change of the wall clock moves, in nanoseconds.
    public static let monotonic = TimelineClock(unit: .nanoseconds, read: nil)

    /// A virtual clock: `now` returns the current tick, as a `TestScheduler`'s `clock` does.
    ///
    /// `now` is called for every recorded event, on the thread the event arrives on, and never
    /// while the timeline holds its lock.
    public static func virtual(_ now: @escaping @Sendable () -> Int) -> TimelineClock {
        TimelineClock(unit: .ticks, read: now)
    }

    /// The current reading.
    public func now() -> Int {
        if let read {
            return read()
        }
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        // Saturates rather than traps: a monotonic clock this far from its start is not real.
        let (seconds, overflow) = Int(time.tv_sec).multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? .max : seconds &+ Int(time.tv_nsec)
    }
}
