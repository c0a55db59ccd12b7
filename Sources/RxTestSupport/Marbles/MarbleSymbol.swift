/// One thing a marble diagram says happens in a frame.
enum MarbleSymbol: Equatable, Sendable {
    /// A value, by its character.
    case value(Character)
    /// `|`: the sequence completes.
    case completed
    /// `#`: the sequence fails.
    case error
    /// `^`: the subscription point (time zero of a hot diagram, or a subscription).
    case subscribe
    /// `!`: the end of a subscription.
    case unsubscribe
}
