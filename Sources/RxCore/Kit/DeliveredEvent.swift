/// The kind of event a sink delivers, for the synchronization tracker's report.
@usableFromInline
enum DeliveredEvent: Sendable {
    case next
    case error
    case completed

    /// The kind of `event`. Release builds track nothing, and taking a generic event apart is
    /// not free, so there the answer is a placeholder that no one reads.
    @inlinable @inline(__always)
    init<Element>(_ event: Event<Element>) {
        #if DEBUG
            switch event {
            case .next: self = .next
            case .error: self = .error
            case .completed: self = .completed
            }
        #else
            self = .next
        #endif
    }

    /// `a `next``, `an `error``, `a `completed``.
    var withArticle: String {
        switch self {
        case .next: "a `next`"
        case .error: "an `error`"
        case .completed: "a `completed`"
        }
    }
}
