/// What a failing test expected and what it recorded, drawn as one picture: the two sequences
/// one above the other on one time axis, the first difference marked in red.
///
/// RxTestSupport's assertions draw one when they fail; anything that compares two sequences of
/// timed events can.
public struct MarbleDifference: Sendable, Equatable {
    /// The heading: what failed, and where.
    public var title: String
    /// The events the test expected, in time order.
    public var expected: [MarbleDiagram.Event]
    /// The events it recorded, in time order.
    public var recorded: [MarbleDiagram.Event]
    /// The index, in both lists, of the first event that differs (the length of the shorter
    /// list when one is the other's beginning).
    public var firstDifference: Int
    /// When the sequences were subscribed, marked at the start of both lines; `nil` for none.
    public var subscribed: Int?
    /// The sentence under the picture that says what differs; by default the two events at
    /// ``firstDifference`` and their times.
    public var note: String?
    /// The labels of the two lines, `expected` and `recorded` unless the comparison names its
    /// sides otherwise.
    public var labels: (expected: String, recorded: String)

    /// A difference; see the properties for each argument.
    public init(
        title: String, expected: [MarbleDiagram.Event], recorded: [MarbleDiagram.Event], firstDifference: Int,
        subscribed: Int? = nil, note: String? = nil,
        labels: (expected: String, recorded: String) = ("expected", "recorded")
    ) {
        self.title = title
        self.expected = expected
        self.recorded = recorded
        self.firstDifference = firstDifference
        self.subscribed = subscribed
        self.note = note
        self.labels = labels
    }

    /// Whether both describe the same picture.
    public static func == (lhs: MarbleDifference, rhs: MarbleDifference) -> Bool {
        lhs.title == rhs.title && lhs.expected == rhs.expected && lhs.recorded == rhs.recorded
            && lhs.firstDifference == rhs.firstDifference && lhs.subscribed == rhs.subscribed && lhs.note == rhs.note
            && lhs.labels == rhs.labels
    }

    /// Writes the picture to `path`, as SVG.
    ///
    /// - Throws: ``PictureFileError`` when the file cannot be written.
    public func write(to path: String) throws(PictureFileError) {
        try PictureFile.write(svg(), to: path)
    }

    /// The times of the two events at the first difference (one, when a list ends there),
    /// earliest first.
    public var timesOfFirstDifference: [Int] {
        [expected, recorded].compactMap { firstDifference < $0.count ? $0[firstDifference].time : nil }.sorted()
    }

    /// The picture, as a self-contained SVG document.
    public func svg() -> String {
        TrackSVG.draw(picture)
    }

    var picture: TrackPicture {
        func describe(_ event: MarbleDiagram.Event?) -> String {
            guard let event else { return "nothing" }
            switch event.value {
            case .next(let text): return "next(\(text)) at \(event.time)"
            case .error(let text): return "error(\(text ?? "error")) at \(event.time)"
            case .completed: return "completed at \(event.time)"
            }
        }
        func row(_ label: String, _ events: [MarbleDiagram.Event]) -> TrackPicture.Row {
            let marks = events.enumerated().map { index, event in
                let kind: TrackPicture.Mark.Kind =
                    switch event.value {
                    case .next(let text): .next(text)
                    case .error(let text): .error(text ?? "error")
                    case .completed: .completed
                    }
                return TrackPicture.Mark(
                    time: event.time, kind: kind, place: nil, note: "\(label): \(describe(event))",
                    isDifferent: index == firstDifference)
            }
            let start = subscribed
            let segment = TrackPicture.Segment(
                start: start, startNote: start.map { "subscribed at \($0)" } ?? "", marks: marks)
            return TrackPicture.Row(label: label, lanes: [TrackPicture.Lane(segments: [segment])])
        }
        let left = firstDifference < expected.count ? expected[firstDifference] : nil
        let right = firstDifference < recorded.count ? recorded[firstDifference] : nil
        let sentence =
            note ?? "first difference: \(labels.expected) \(describe(left)), \(labels.recorded) \(describe(right))"
        func list(_ events: [MarbleDiagram.Event]) -> String {
            events.isEmpty ? "nothing" : events.map { describe($0) }.joined(separator: ", ")
        }
        let words = "\(labels.expected): \(list(expected)). \(labels.recorded): \(list(recorded)). \(sentence)."
        return TrackPicture(
            title: title, description: words, unit: .ticks,
            rows: [row(labels.expected, expected), row(labels.recorded, recorded)],
            difference: timesOfFirstDifference.first.map { ($0, timesOfFirstDifference.last ?? $0, sentence) })
    }
}
