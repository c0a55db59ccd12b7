/// Draws one or more marble lines on a shared time axis, so that the same time is at the
/// same column in every line.
///
/// Each time at which any line has a symbol becomes a stop: one frame, drawn as that line's
/// symbol, a group of its symbols, or `-`, padded to the widest line. The time between stops
/// is drawn the same in every line: `-` per frame, ` Nf ` for a long run, and ` Nt ` for
/// the ticks left over, so events between frames are drawn exactly. Only a time that falls
/// inside the frame of an earlier stop cannot be: it joins that stop, and the layout is then
/// not ``isExact``. A `^` drawn for marks before zero always starts a stop of its own, at zero;
/// marks less than a frame before it are drawn in its group. Marks given out of time order are
/// drawn in time order, and marks further back than the clock can count from zero are drawn
/// at the start; neither layout is exact.
struct MarbleLayout {
    /// A symbol to draw and its time.
    struct Mark: Equatable {
        let time: TestTime
        let text: String
    }

    /// The drawn lines, in the order given.
    private(set) var lines: [String] = []

    /// Whether every mark is drawn at its own time.
    private(set) var isExact = true

    private var stops: [(first: TestTime, last: TestTime, column: Int)] = []

    // Longer runs of empty frames are written as a progression to keep lines short.
    private static let longestDrawnRun = 20

    /// Lays out `marks` (one array per line, each in time order) with frame zero at `zero`.
    ///
    /// - Parameter marksZero: whether a `^` shows time zero when marks precede it; without
    ///   it such marks are drawn at zero and the layout is not exact.
    init(_ marks: [[Mark]], zero: TestTime, ticksPerFrame: TestTime, marksZero: Bool) {
        // A line is drawn in time order, whatever order its marks came in; given out of order,
        // it cannot read back as given.
        let ordered = marks.map { line in
            line.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        }
        if ordered != marks {
            isExact = false
        }
        var marks = ordered
        var start = zero
        let earliest = marks.compactMap { $0.first?.time }.min()
        if let earliest, earliest < zero {
            if marksZero {
                start = Self.subtracting(zero, Self.wholeFrames(from: earliest, to: zero, ticksPerFrame: ticksPerFrame))
                // The `^` starts its own stop, so that it stays at zero and every other mark reads
                // back exactly: a mark less than a frame before it cannot have a stop of its own
                // and is drawn in the `^`'s group instead, as one less than a frame after it is.
                let frameBefore = Self.subtracting(zero, ticksPerFrame)
                for line in marks.indices {
                    let position = marks[line].firstIndex { $0.time >= zero } ?? marks[line].count
                    marks[line].insert(Mark(time: zero, text: "^"), at: position)
                    for index in marks[line].indices where frameBefore < marks[line][index].time {
                        if marks[line][index].time < zero {
                            marks[line][index] = Mark(time: zero, text: marks[line][index].text)
                            isExact = false
                        }
                    }
                }
            }
            // Without a `^`, or further back than the clock can draw, marks are drawn at the start.
            if earliest < start {
                isExact = false
                marks = marks.map { line in line.map { Mark(time: max($0.time, start), text: $0.text) } }
            }
        }
        let times = Set(marks.flatMap { $0.map(\.time) }).sorted()
        var spans: [(first: TestTime, last: TestTime)] = []
        for time in times {
            if let last = spans.last, time < Self.adding(last.first, ticksPerFrame) {
                spans[spans.count - 1].last = time
                isExact = false
            } else {
                spans.append((time, time))
            }
        }
        var texts = Array(repeating: "", count: marks.count)
        var cursor = start
        for (index, span) in spans.enumerated() {
            let gap = Self.gapText(Self.subtracting(span.first, cursor), ticksPerFrame: ticksPerFrame)
            for line in texts.indices { texts[line] += gap }
            let column = texts.first?.count ?? 0
            let nextFollowsAtOnce =
                index + 1 < spans.count && spans[index + 1].first == Self.adding(span.first, ticksPerFrame)
            let cells = texts.indices.map { line in
                Self.cell(
                    marks[line].filter { span.first <= $0.time && $0.time <= span.last }.map(\.text),
                    after: texts[line], nextFollowsAtOnce: nextFollowsAtOnce)
            }
            let width = cells.map(\.count).max() ?? 1
            for line in texts.indices {
                texts[line] += cells[line] + String(repeating: " ", count: width - cells[line].count)
            }
            stops.append((span.first, span.last, column))
            cursor = Self.adding(span.first, ticksPerFrame)
        }
        lines = texts.map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }

    /// The column of the stop that draws `time`, or of the last stop before it.
    func column(of time: TestTime) -> Int {
        stops.last { $0.first <= time }?.column ?? stops.first?.column ?? 0
    }

    /// The text of one line at one stop.
    ///
    /// A lone digit that starts the line or follows a space, with the next symbol right
    /// after it, is put in parentheses so that it cannot read as a progression like `5f`.
    private static func cell(_ texts: [String], after line: String, nextFollowsAtOnce: Bool) -> String {
        switch texts.count {
        case 0:
            return "-"
        case 1:
            let text = texts[0]
            let ambiguous =
                nextFollowsAtOnce && (line.isEmpty || line.last == " ") && (text.first?.isASCII ?? false)
                && (text.first?.isNumber ?? false)
            return ambiguous ? "(\(text))" : text
        default:
            return "(\(texts.joined()))"
        }
    }

    private static func gapText(_ ticks: TestTime, ticksPerFrame: TestTime) -> String {
        let frames = ticks / ticksPerFrame
        let rest = ticks % ticksPerFrame
        var text = frames > longestDrawnRun ? " \(frames)f " : String(repeating: "-", count: frames)
        if rest > 0 {
            text += " \(rest)t "
        }
        return text
    }

    /// The ticks of the whole frames that reach back from `zero` to `earliest`, or as many as
    /// the clock can count.
    private static func wholeFrames(from earliest: TestTime, to zero: TestTime, ticksPerFrame: TestTime) -> TestTime {
        let distance = subtracting(zero, earliest)
        let frames = distance / ticksPerFrame + (distance % ticksPerFrame == 0 ? 0 : 1)
        let (ticks, overflow) = frames.multipliedReportingOverflow(by: ticksPerFrame)
        return overflow ? (TestTime.max / ticksPerFrame) * ticksPerFrame : ticks
    }

    /// `time - ticks`, held within the clock's range.
    private static func subtracting(_ time: TestTime, _ ticks: TestTime) -> TestTime {
        let (difference, overflow) = time.subtractingReportingOverflow(ticks)
        guard overflow else { return difference }
        return ticks > 0 ? .min : .max
    }

    private static func adding(_ time: TestTime, _ ticks: TestTime) -> TestTime {
        let (sum, overflow) = time.addingReportingOverflow(ticks)
        return overflow ? .max : sum
    }
}
