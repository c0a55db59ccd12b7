/// What a ``Timeline`` holds at one moment: its events in the order it received them, and how
/// many older ones it dropped to stay within its capacity.
public struct TimelineSnapshot: Sendable, Equatable {
    /// The events, oldest first.
    public let events: [TimelineEvent]
    /// How many events were dropped, oldest first, to keep at most the timeline's capacity.
    public let droppedCount: Int
    /// The time of the last dropped event, if any was dropped.
    public let droppedUntil: Int?
    /// What one unit of the times is.
    public let unit: TimelineClock.Unit
    /// The timeline's capacity.
    public let capacity: Int
}
