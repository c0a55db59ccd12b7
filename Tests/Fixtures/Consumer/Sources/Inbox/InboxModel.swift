import Observation
import RxOperators

/// The state of an inbox screen, which the screen reads and writes.
@MainActor @Observable
public final class InboxModel: ReactiveCompatible {
    /// What the user typed in the filter field.
    public var filter = ""
    /// The messages that match it.
    public var messages: [String] = []
    /// How many messages are unread.
    public var unread = 0

    /// An empty inbox.
    public init() {}
}
