/// Records one subscription at one point of a ``Timeline``: the lane that holds its events.
///
/// `debug(_:into:)` makes one per subscription; code that is not an observable chain (a
/// callback, a delegate) can record its own events through one too.
public struct TimelineSubscription: Sendable {
    /// The timeline it records into.
    public let timeline: Timeline
    let point: Int32
    /// Its number in the timeline, from 1, in the order subscriptions began.
    public let number: Int

    /// Records `kind` now, on the calling thread. Texts longer than ``Timeline/longestText``
    /// bytes are shortened.
    public func record(_ kind: TimelineEvent.Kind) {
        timeline.record(Self.bounded(kind), point: point, subscription: Int32(truncatingIfNeeded: number))
    }

    private static func bounded(_ kind: TimelineEvent.Kind) -> TimelineEvent.Kind {
        switch kind {
        case .next(let text) where text.utf8.count > Timeline.longestText:
            return .next(shortened(text))
        case .error(let text) where text.utf8.count > Timeline.longestText:
            return .error(shortened(text))
        default:
            return kind
        }
    }

    /// The first 100 characters of `text` that fit in ``Timeline/longestText`` bytes with the
    /// ellipsis, then the ellipsis.
    private static func shortened(_ text: String) -> String {
        var kept = ""
        var bytes = 0
        for character in text.prefix(100) {
            bytes += character.utf8.count
            if bytes > Timeline.longestText - 3 { break }
            kept.append(character)
        }
        return kept + "…"
    }
}
