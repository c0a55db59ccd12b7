/// Draws a ``TrackPicture``: a heading, a row per point with a lane per subscription, one time
/// axis with idle stretches compressed and marked, and a legend of the threads and marks.
///
/// It draws with the gallery's marks and style (``MarbleShape``, ``PictureStyle``), so an
/// element, a completion, an error and a disposal look the same in every picture.
enum TrackSVG {
    static let padding = 10.0
    static let laneHeight = 44.0
    static let stackStep = 26.0
    /// Elements that still overlap after this many levels are drawn as dots.
    static let deepestStack = 3
    /// The longest text drawn inside a marble; longer ones are cut and get a numbered key.
    static let longestMarbleText = 12
    /// The most keyed texts listed under the picture.
    static let mostKeys = 24
    static let labelCharacterWidth = 7.3
    static let smallCharacterWidth = 6.7

    /// One mark placed on its lane.
    private struct Placed {
        let mark: TrackPicture.Mark
        let x: Double
        let level: Int
        let shown: String?
        let key: Int?
        let nudge: Double
        let isDot: Bool
    }

    /// One segment placed: its marks, and where its line starts and stops.
    private struct PlacedSegment {
        let segment: TrackPicture.Segment
        let marks: [Placed]
        let start: Double?
        let stop: Double?
        let disposalX: Double?
        /// Runs of dots drawn on top of each other: where each run ends, and how many it holds.
        let crowds: [(x: Double, count: Int)]
    }

    /// One lane placed: its segments and the levels its elements are stacked on.
    private struct PlacedLane {
        let segments: [PlacedSegment]
        let levels: Int
    }

    /// A mark with the text its marble shows and the number of its key, if its text was cut.
    private struct Prepared {
        let mark: TrackPicture.Mark
        let shown: String?
        let key: Int?
    }

    /// The SVG document for `picture`.
    static func draw(_ picture: TrackPicture) -> String {
        var keys: [(number: Int, text: String)] = []
        var keyNumbers: [String: Int] = [:]
        var neighbours: [(Int, Int, Double)] = []
        var times: [Int] = []
        // By row, lane, segment: the marks with their shown text.
        var prepared: [[[[Prepared]]]] = []
        for row in picture.rows {
            var rowPrepared: [[[Prepared]]] = []
            for lane in row.lanes {
                var lanePrepared: [[Prepared]] = []
                var previous: (time: Int, half: Int)?
                for segment in lane.segments {
                    var marks: [Prepared] = []
                    for mark in segment.marks {
                        times.append(mark.time)
                        // The same text keeps its number.
                        func keyNumber(for text: String) -> Int {
                            if let known = keyNumbers[text] { return known }
                            keyNumbers[text] = keys.count + 1
                            keys.append((keys.count + 1, text))
                            return keys.count
                        }
                        guard case .next(let text) = mark.kind else {
                            // An error is a cross: its text, unless it says no more, is keyed.
                            var errorKey: Int?
                            if case .error(let text) = mark.kind, text != "error" {
                                errorKey = keyNumber(for: "error: \(text)")
                            }
                            marks.append(Prepared(mark: mark, shown: nil, key: errorKey))
                            continue
                        }
                        var shown = text
                        var key: Int?
                        if text.count > longestMarbleText {
                            shown = String(text.prefix(longestMarbleText - 2)) + "…"
                            key = keyNumber(for: text)
                        }
                        marks.append(Prepared(mark: mark, shown: shown, key: key))
                        let half = MarbleShape.halfWidth(shown)
                        if let previous, previous.time < mark.time {
                            neighbours.append((previous.time, mark.time, Double(previous.half + half + 4)))
                        }
                        previous = (mark.time, half)
                    }
                    times += [segment.start, segment.disposal].compactMap { $0 }
                    lanePrepared.append(marks)
                }
                rowPrepared.append(lanePrepared)
            }
            prepared.append(rowPrepared)
        }
        if let difference = picture.difference { times += [difference.from, difference.to] }

        let labelWidth = Double(picture.rows.map(\.label.count).max() ?? 0) * labelCharacterWidth + 8
        let firstTime = times.min()
        let lastTime = times.max()
        // Room left of the first time and right of the last one for the marbles drawn there.
        var leftRoom = 18.0
        var rightRoom = 24.0
        for item in prepared.joined().joined().joined() {
            guard let shown = item.shown else { continue }
            let half = Double(MarbleShape.halfWidth(shown))
            if item.mark.time == firstTime { leftRoom = max(leftRoom, half + 6) }
            if item.mark.time == lastTime { rightRoom = max(rightRoom, 2 * half + 30) }
        }
        // How far the marks drawn at each time reach: a terminal mark is drawn after the element
        // it shares its time with.
        var halves: [Int: Double] = [:]
        var terminals: Set<Int> = []
        for item in prepared.joined().joined().joined() {
            if let shown = item.shown {
                halves[item.mark.time] = max(halves[item.mark.time] ?? 0, Double(MarbleShape.halfWidth(shown)))
            } else {
                terminals.insert(item.mark.time)
            }
        }
        var extents: [Int: (left: Double, right: Double)] = [:]
        for (time, half) in halves {
            extents[time] = (half, half + (terminals.contains(time) ? 10 : 0))
        }
        let x0 = padding + labelWidth + 16
        let axis = TrackAxis(times: times, neighbours: neighbours, extents: extents, x0: x0 + leftRoom)
        let axisEnd = axis.end + rightRoom
        let origin = firstTime ?? 0

        // Marks placed on their lanes, stacked where they would overlap.
        let placedRows = picture.rows.indices.map { row in
            picture.rows[row].lanes.indices.map { lane in
                place(picture.rows[row].lanes[lane], prepared: prepared[row][lane], axis: axis)
            }
        }

        var body = ""
        var y = padding
        body += "<text class=\"h\" x=\"\(n(padding))\" y=\"\(n(y + 13))\">\(SVGText.escaped(picture.title))</text>\n"
        y += 24
        if let dropped = picture.dropped {
            body +=
                "<text class=\"a\" x=\"\(n(padding))\" y=\"\(n(y + 10))\">\(dropped.count) older events dropped"
                + " (capacity \(dropped.capacity)): lanes that began before them start at the dashed line</text>\n"
            y += 20
        }
        let rowsTop = y
        var rowsDrawing = ""
        for (rowIndex, lanes) in placedRows.enumerated() {
            if rowIndex > 0 {
                rowsDrawing += "<path class=\"r\" d=\"M\(n(padding)) \(n(y))H\(n(axisEnd))\"/>\n"
            }
            for (laneIndex, lane) in lanes.enumerated() {
                let centre = y + laneHeight / 2
                let label = laneIndex == 0 ? picture.rows[rowIndex].label : ""
                rowsDrawing += drawLane(lane, label: label, y: centre, x0: x0, end: axisEnd)
                y += laneHeight + Double(lane.levels - 1) * stackStep
            }
        }
        let rowsBottom = y

        // Behind the rows: the idle breaks and the first difference.
        var background = ""
        for gap in axis.breaks {
            background +=
                "<rect class=\"g\" x=\"\(n(gap.left))\" y=\"\(n(rowsTop))\" width=\"\(n(gap.right - gap.left))\""
                + " height=\"\(n(rowsBottom - rowsTop))\"/>\n"
        }
        if let difference = picture.difference {
            let left = axis.x(difference.from) - 20
            let right = axis.x(difference.to) + 20
            background +=
                "<rect class=\"df\" data-t=\"\(difference.from)\" x=\"\(n(left))\" y=\"\(n(rowsTop))\""
                + " width=\"\(n(right - left))\" height=\"\(n(rowsBottom - rowsTop))\"/>\n"
        }
        body += background + rowsDrawing

        // The axis, with a label at each stretch's start and at round times within it.
        y += 8
        let axisStart = x0 + 4
        body += "<path class=\"k\" d=\"M\(n(axisStart)) \(n(y))H\(n(axisEnd))\"/>\n"
        var labels: [(x: Double, text: String)] = []
        for gap in axis.breaks {
            labels.append(((gap.left + gap.right) / 2, "⋯" + TimeText.duration(gap.to - gap.from, picture.unit) + "⋯"))
            let middle = (gap.left + gap.right) / 2
            body +=
                "<path class=\"k\" d=\"M\(n(middle - 6)) \(n(y + 5))L\(n(middle - 2)) \(n(y - 5))"
                + "M\(n(middle + 2)) \(n(y + 5))L\(n(middle + 6)) \(n(y - 5))\"/>\n"
        }
        var taken: [(left: Double, right: Double)] = labels.map { label in
            let half = Double(label.text.count) * smallCharacterWidth / 2
            return (label.x - half, label.x + half)
        }
        var ticks = ""
        for stretch in axis.stretches {
            for time in roundTimes(from: stretch.from, to: stretch.to, origin: origin, axis: axis, unit: picture.unit) {
                let text = TimeText.position(time, origin: origin, picture.unit)
                let x = axis.x(time)
                let half = Double(text.count) * smallCharacterWidth / 2
                guard !taken.contains(where: { x - half < $0.right + 10 && x + half > $0.left - 10 }) else { continue }
                taken.append((x - half, x + half))
                labels.append((x, text))
                ticks += "M\(n(x)) \(n(y))V\(n(y + 4))"
            }
        }
        if !ticks.isEmpty { body += "<path class=\"k\" d=\"\(ticks)\"/>\n" }
        for label in labels {
            body +=
                "<text class=\"a ac\" x=\"\(n(label.x))\" y=\"\(n(y + 16))\">\(SVGText.escaped(label.text))</text>\n"
        }
        body +=
            "<text class=\"a\" x=\"\(n(padding))\" y=\"\(n(y + 16))\">"
            + (picture.unit == .ticks ? "tick" : "time") + "</text>\n"
        y += 26

        var width = axisEnd + padding
        if let difference = picture.difference {
            y += 4
            body +=
                "<text class=\"dn\" x=\"\(n(padding))\" y=\"\(n(y + 12))\">\(SVGText.escaped(difference.note))</text>\n"
            width = max(width, padding * 2 + Double(difference.note.count) * labelCharacterWidth)
            y += 20
        }
        let legend = drawLegend(picture, hasBreaks: !axis.breaks.isEmpty, top: y, width: max(width, 640))
        body += legend.text
        y = legend.bottom
        width = max(width, legend.width)
        if !keys.isEmpty {
            for key in keys.prefix(mostKeys) {
                let line = "[\(key.number)] \(key.text)"
                body += "<text class=\"a\" x=\"\(n(padding))\" y=\"\(n(y + 12))\">\(SVGText.escaped(line))</text>\n"
                width = max(width, padding * 2 + Double(line.count) * smallCharacterWidth)
                y += 16
            }
            if keys.count > mostKeys {
                let line = "… and \(keys.count - mostKeys) more: each marble names its element when pointed at"
                body += "<text class=\"a\" x=\"\(n(padding))\" y=\"\(n(y + 12))\">\(line)</text>\n"
                y += 16
            }
        }
        width = max(width, padding * 2 + Double(picture.title.count) * 8)
        let height = y + padding
        let w = Int(width.rounded(.up))
        let h = Int(height.rounded(.up))
        let idle = axis.idleThreshold.map { " data-idle=\"\($0)\"" } ?? ""
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(w)" height="\(h)" viewBox="0 0 \(w) \(h)" \
            role="img" aria-labelledby="title desc" data-unit="\(picture.unit == .ticks ? "ticks" : "ns")"\(idle)>
            <title id="title">\(SVGText.escaped(picture.title))</title>
            <desc id="desc">\(SVGText.escaped(picture.description))</desc>
            <style>
            \(PictureStyle.marbles)
            \(PictureStyle.tracks)
            </style>
            \(body)</svg>

            """
    }

    private static func n(_ value: Double) -> String { SVGText.number(value) }

    /// Places a lane's marks: elements on the first level where they do not touch their left
    /// neighbour, dots when no level is free; terminal and disposal marks just right of an
    /// element drawn at their place.
    private static func place(_ lane: TrackPicture.Lane, prepared: [[Prepared]], axis: TrackAxis) -> PlacedLane {
        var edges = Array(repeating: -Double.infinity, count: deepestStack)
        var levels = 1
        var segments: [PlacedSegment] = []
        for (segment, marks) in zip(lane.segments, prepared) {
            var placed: [Placed] = []
            var stop: Double?
            for item in marks {
                let mark = item.mark
                let x = axis.x(mark.time)
                if let text = item.shown {
                    let half = Double(MarbleShape.halfWidth(text))
                    if let level = edges.indices.first(where: { x - half >= edges[$0] + 2 }) {
                        edges[level] = x + half
                        levels = max(levels, level + 1)
                        placed.append(
                            Placed(mark: mark, x: x, level: level, shown: text, key: item.key, nudge: 0, isDot: false))
                    } else {
                        // No level free: a dot on a row of its own under the stacked ones.
                        levels = deepestStack + 1
                        placed.append(
                            Placed(
                                mark: mark, x: x, level: deepestStack, shown: text, key: item.key, nudge: 0,
                                isDot: true))
                    }
                } else {
                    let nudge = max(0, edges[0] + 6 - x)
                    placed.append(
                        Placed(mark: mark, x: x, level: 0, shown: nil, key: item.key, nudge: nudge, isDot: false))
                    stop = stop ?? x + nudge
                    edges[0] = max(edges[0], x + nudge + 4)
                }
            }
            var disposalX: Double?
            if stop == nil, let disposal = segment.disposal {
                disposalX = max(axis.x(disposal), edges[0] + 6)
                stop = disposalX
                edges[0] = max(edges[0], (disposalX ?? 0) + 4)
            }
            var crowds: [(x: Double, count: Int)] = []
            var run: (first: Double, last: Double, count: Int)?
            for mark in placed where mark.isDot {
                if let current = run, mark.x - current.first < 10 {
                    run = (current.first, mark.x, current.count + 1)
                } else {
                    if let current = run, current.count > 1 { crowds.append((current.last, current.count)) }
                    run = (mark.x, mark.x, 1)
                }
            }
            if let current = run, current.count > 1 { crowds.append((current.last, current.count)) }
            segments.append(
                PlacedSegment(
                    segment: segment, marks: placed, start: segment.start.map(axis.x), stop: stop,
                    disposalX: disposalX, crowds: crowds))
        }
        return PlacedLane(segments: segments, levels: levels)
    }

    private static func drawLane(_ lane: PlacedLane, label: String, y: Double, x0: Double, end: Double) -> String {
        var text = "<g>"
        if !label.isEmpty {
            text += "<text class=\"l\" x=\"\(n(x0 - 16))\" y=\"\(n(y + 4))\">\(SVGText.escaped(label))</text>"
        }
        for segment in lane.segments {
            text += drawSegment(segment, y: y, x0: x0, end: end)
        }
        return text + "</g>\n"
    }

    private static func drawSegment(_ segment: PlacedSegment, y: Double, x0: Double, end: Double) -> String {
        var text = ""
        if segment.segment.beganEarlier {
            // Subscribed before the oldest kept event: the line comes in dashed from the left.
            text += "<path class=\"k q\" d=\"M\(n(x0 - 8)) \(n(y))H\(n(x0 + 4))\"/>"
        }
        let start = segment.start ?? x0 + 4
        text += "<path class=\"k\" d=\"M\(n(start)) \(n(y))H\(n(segment.stop ?? end))\"/>"
        if segment.stop == nil {
            text += "<path class=\"k\" d=\"M\(n(end - 7)) \(n(y - 5))L\(n(end)) \(n(y))L\(n(end - 7)) \(n(y + 5))\"/>"
        }
        if let x = segment.start, let time = segment.segment.start {
            text += "<g data-t=\"\(time)\" data-kind=\"subscribed\" transform=\"translate(\(n(x)),\(n(y)))\">"
            text += "<title>\(SVGText.escaped(segment.segment.startNote))</title>" + MarbleShape.subscription + "</g>"
        }
        if let x = segment.disposalX, let time = segment.segment.disposal {
            text += "<g class=\"u\" data-t=\"\(time)\" data-kind=\"disposed\" transform=\"translate(\(n(x)),\(n(y)))\">"
            text += "<title>\(SVGText.escaped(segment.segment.disposalNote))</title>" + MarbleShape.disposal + "</g>"
        }
        for placed in segment.marks {
            let mark = placed.mark
            let dy = Double(placed.level) * stackStep
            let kind: String =
                switch mark.kind {
                case .next: "next"
                case .error: "error"
                case .completed: "completed"
                }
            let dx = placed.nudge == 0 ? "" : " data-dx=\"\(n(placed.nudge))\""
            text +=
                "<g class=\"e\" data-t=\"\(mark.time)\" data-kind=\"\(kind)\"\(dx)"
                + " transform=\"translate(\(n(placed.x + placed.nudge)),\(n(y + dy)))\">"
            text += "<title>\(SVGText.escaped(mark.note))</title>"
            let fill = mark.place.map { "p\($0 % 8)" } ?? "p\(MarbleShape.palette(placed.shown ?? ""))"
            switch mark.kind {
            case .next:
                let shown = placed.shown ?? ""
                if placed.isDot {
                    text += "<g class=\"v\"><circle class=\"\(fill)\" r=\"4\"/></g>"
                } else {
                    if mark.isDifferent {
                        let half = MarbleShape.halfWidth(shown) + 5
                        text +=
                            "<rect class=\"dr\" x=\"-\(half)\" y=\"-17\" width=\"\(2 * half)\" height=\"34\" rx=\"17\"/>"
                    }
                    text += MarbleShape.marble(shown, fill: fill)
                    if let key = placed.key {
                        // Above its left end: terminal marks come after an element, to its right.
                        text += "<text class=\"n\" x=\"-\(MarbleShape.halfWidth(shown) - 4)\" y=\"-15\">[\(key)]</text>"
                    }
                }
            case .error, .completed:
                if mark.isDifferent {
                    text += "<rect class=\"dr\" x=\"-12\" y=\"-20\" width=\"24\" height=\"40\" rx=\"8\"/>"
                }
                text += mark.kind == .completed ? MarbleShape.completion : MarbleShape.error
                if let key = placed.key {
                    text += "<text class=\"n\" x=\"6\" y=\"-12\">[\(key)]</text>"
                }
                if let place = mark.place {
                    // The thread a terminal event arrived on, as a dot under it.
                    text += "<g class=\"v\"><circle class=\"p\(place % 8)\" cy=\"20\" r=\"3.5\"/></g>"
                }
            }
            text += "</g>"
        }
        for crowd in segment.crowds {
            // Elements too close to stand apart, even stacked: how many share the dot.
            let row = y + Double(deepestStack) * stackStep
            text += "<text class=\"n\" x=\"\(n(crowd.x + 8))\" y=\"\(n(row + 4))\">×\(crowd.count)</text>"
        }
        return text
    }

    /// Round times within `from...to`, about 90 pixels apart, counted from `origin`.
    private static func roundTimes(
        from: Int, to: Int, origin: Int, axis: TrackAxis, unit: TimeText.Unit
    ) -> [Int] {
        var result = [from]
        guard to > from, axis.scale > 0 else { return result }
        let wanted = 90 / axis.scale
        var step = Int.max
        var magnitude = 1
        search: while true {
            for multiple in [1, 2, 5] where Double(magnitude) * Double(multiple) >= wanted {
                step = magnitude * multiple
                break search
            }
            if magnitude > Int.max / 100 { break }
            magnitude *= 10
        }
        let base = unit == .ticks ? 0 : origin
        let offset = TrackAxis.distance(base, from)
        var time = from + (step - offset % step) % step
        var count = 0
        while time <= to, count < 200 {
            if time != from { result.append(time) }
            let (next, overflow) = time.addingReportingOverflow(step)
            if overflow { break }
            time = next
            count += 1
        }
        return result
    }

    /// The legend: the threads and queues by colour, then what each mark means.
    private static func drawLegend(_ picture: TrackPicture, hasBreaks: Bool, top: Double, width: Double) -> (
        text: String, bottom: Double, width: Double
    ) {
        var text = ""
        var y = top
        var widest = 0.0
        if picture.places.count == 1 {
            let line = "every event arrived on \(picture.places[0])"
            text += "<text class=\"a\" x=\"\(n(padding))\" y=\"\(n(y + 12))\">\(SVGText.escaped(line))</text>\n"
            widest = padding + Double(line.count) * smallCharacterWidth
            y += 22
        } else if !picture.places.isEmpty {
            var x = padding
            text += "<text class=\"a\" x=\"\(n(x))\" y=\"\(n(y + 12))\">arrived on:</text>"
            x += 13 * smallCharacterWidth
            for (index, place) in picture.places.enumerated() {
                let entry = 20 + Double(place.count) * smallCharacterWidth + 16
                if x + entry > width - padding, x > padding + 13 * smallCharacterWidth {
                    y += 18
                    x = padding + 13 * smallCharacterWidth
                }
                text +=
                    "<g class=\"v\"><circle class=\"p\(index % 8)\" cx=\"\(n(x + 6))\" cy=\"\(n(y + 8))\" r=\"6\"/></g>"
                text += "<text class=\"a\" x=\"\(n(x + 16))\" y=\"\(n(y + 12))\">\(SVGText.escaped(place))</text>"
                x += entry
                widest = max(widest, x)
            }
            text += "\n"
            y += 22
        }
        let segments = picture.rows.flatMap { $0.lanes.flatMap(\.segments) }
        let kinds = segments.flatMap { $0.marks.map(\.kind) }
        let present = [
            kinds.contains { if case .next = $0 { true } else { false } },
            kinds.contains(.completed), kinds.contains { if case .error = $0 { true } else { false } },
            segments.contains { $0.disposal != nil }, segments.contains { $0.start != nil }, hasBreaks,
        ]
        let glyphs = zip(
            present,
            [
                ("<g class=\"v\"><circle class=\"p7\" r=\"7\"/></g>", "element"),
                (MarbleShape.completion, "completed"), (MarbleShape.error, "error"),
                (MarbleShape.disposal, "disposed"), (MarbleShape.subscription, "subscribed"),
                ("<rect class=\"g\" x=\"-9\" y=\"-14\" width=\"18\" height=\"28\"/>", "idle, shortened"),
            ]
        ).filter(\.0).map(\.1)
        var x = padding + 8
        for (glyph, name) in glyphs {
            text += "<g transform=\"translate(\(n(x)),\(n(y + 8))) scale(0.6)\">\(glyph)</g>"
            text += "<text class=\"a\" x=\"\(n(x + 12))\" y=\"\(n(y + 12))\">\(name)</text>"
            x += 12 + Double(name.count) * smallCharacterWidth + 22
        }
        widest = max(widest, x)
        text += "\n"
        y += 24
        return (text, y, widest + padding)
    }
}
