/// One thing a ``Timeline`` recorded: at which point, in which subscription, when, on which
/// thread or queue, and what.
public struct TimelineEvent: Sendable, Equatable {
    /// What happened.
    public enum Kind: Sendable, Equatable {
        /// The point was subscribed to.
        case subscribed
        /// An element passed, described as `String(describing:)` spells it (shortened when long).
        case next(String)
        /// The sequence failed with this error, described.
        case error(String)
        /// The sequence completed.
        case completed
        /// The subscription was disposed: by its subscriber, or after its terminal event.
        case disposed
    }

    /// The order in which the timeline received it, from 0; the events of a timeline that
    /// dropped its oldest ones start higher.
    public let sequence: Int
    /// The clock's reading when it arrived (see ``TimelineClock/Unit``).
    public let time: Int
    /// The name of the recording point.
    public let point: String
    /// The subscription at that point, numbered from 1 per timeline in the order they began.
    public let subscription: Int
    /// The thread or queue it arrived on, as the picture's legend names it.
    public let thread: String
    /// What happened.
    public let kind: Kind
}
