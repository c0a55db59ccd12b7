/// What the timeline and failing-test pictures draw: rows of lanes on one time axis, each lane
/// one subscription (or one sequence) with its marks.
///
/// ``TrackSVG`` draws it; ``Timeline`` and ``MarbleDifference`` fill it.
struct TrackPicture {
    /// One event drawn on a lane.
    struct Mark {
        enum Kind: Equatable {
            case next(String)
            case error(String)
            case completed
        }

        var time: Int
        var kind: Kind
        /// The legend entry of the thread or queue it arrived on; `nil` colours an element by
        /// its value, as the gallery does.
        var place: Int?
        /// The mark in words, shown when the pointer rests on it.
        var note: String
        /// Whether the picture marks it as the first difference.
        var isDifferent = false
    }

    /// One subscription, or one sequence: from its start to its end, with its marks.
    struct Segment {
        /// When it was subscribed, drawn as a short bar; `nil` draws no bar.
        var start: Int?
        /// Words for the start mark.
        var startNote = ""
        /// Whether it began before the oldest kept event: its line comes in dashed from the left.
        var beganEarlier = false
        /// When it was disposed before any terminal event, if it was.
        var disposal: Int?
        /// Words for the disposal mark.
        var disposalNote = ""
        /// Its events, in time order.
        var marks: [Mark]
    }

    /// One line of the picture: segments one after another, none overlapping the next.
    struct Lane {
        var segments: [Segment]
    }

    /// One point or sequence, labelled, with a lane per subscription that overlapped another.
    struct Row {
        var label: String
        var lanes: [Lane]
    }

    /// The heading, in words.
    var title: String
    /// The whole picture in words, for `<desc>`.
    var description: String
    /// What one unit of time is.
    var unit: TimeText.Unit
    var rows: [Row]
    /// The legend's names of the threads and queues, by `Mark.place`; empty when no mark has one.
    var places: [String] = []
    /// The times of the first difference (the two events', which may differ) and the sentence
    /// that says what differs.
    var difference: (from: Int, to: Int, note: String)?
    /// Events dropped before the first kept one, and the capacity that dropped them.
    var dropped: (count: Int, capacity: Int)?
}
