/// Draws a marble diagram as a small, self-contained SVG: one timeline per line, the call in a
/// box between the inputs and the output, every line on one time scale.
///
/// The root element carries the scale (`data-origin`, `data-ticks-per-frame`, `data-x0`,
/// `data-frame-width`) and each event is a group with its virtual time in `data-t`, translated
/// to the x position of that time, so a test can check every mark against its time.
public enum MarbleSVG {
    /// The narrowest frame, in pixels; a picture widens its frames until neighbouring marbles
    /// of a line do not touch.
    public static let minimumFrameWidth = 28
    static let padding = 10
    static let rowHeight = 46
    static let stackStep = 26
    static let captionHeight = 30
    static let captionCharacterWidth = 8.0

    /// The SVG document for `diagram`.
    public static func draw(_ diagram: MarbleDiagram) -> String {
        let tpf = diagram.ticksPerFrame
        let lines = diagram.lines
        let times = lines.flatMap { line in [line.start] + line.events.map(\.time) + (line.end.map { [$0] } ?? []) }
        let origin = min(diagram.zero, times.min() ?? diagram.zero)
        let last = max(times.max() ?? origin, origin + 4 * tpf)
        let labelWidth = Int(Double(lines.map(\.label.count).max() ?? 0) * MarbleShape.characterWidth) + 8
        let x0 = padding + labelWidth + 30
        let scale = Scale(origin: origin, ticksPerFrame: tpf, frameWidth: frameWidth(lines, tpf: tpf), x0: x0)
        let timelineEnd = scale.x(last) + 1.5 * Double(scale.frameWidth)
        let captionWidth = Int(Double(diagram.call.count) * captionCharacterWidth) + 24
        let width = max(Int(timelineEnd) + 12 + padding, x0 - 20 + captionWidth + padding)

        var body = ""
        var y = padding
        func draw(_ line: MarbleDiagram.Line) {
            let stack = deepestStack(line)
            let centre = y + rowHeight / 2
            body += drawLine(line, y: centre, scale: scale, end: timelineEnd)
            y += rowHeight + (stack - 1) * stackStep
        }
        for line in lines where line.kind == .input { draw(line) }
        body +=
            "<g class=\"cap\"><rect class=\"k\" x=\"\(x0 - 20)\" y=\"\(y + 2)\" width=\"\(max(captionWidth, Int(timelineEnd) - x0 + 28))\""
            + " height=\"\(captionHeight)\" rx=\"4\"/><text class=\"t\" x=\"\(x0 - 8)\" y=\"\(y + 21)\">"
            + SVGText.escaped(diagram.call) + "</text></g>\n"
        y += captionHeight + 8
        for line in lines where line.kind != .input { draw(line) }
        let height = y + padding

        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" \
            role="img" aria-labelledby="title desc" data-origin="\(origin)" data-ticks-per-frame="\(tpf)" \
            data-x0="\(x0)" data-frame-width="\(scale.frameWidth)">
            <title id="title">\(SVGText.escaped(diagram.call)): marble diagram</title>
            <desc id="desc">\(SVGText.escaped(description(of: diagram)))</desc>
            <style>
            \(PictureStyle.marbles)
            </style>
            \(body)</svg>

            """
    }

    /// Where times go: `x0 + (time - origin) / ticksPerFrame * frameWidth`.
    struct Scale {
        let origin: Int
        let ticksPerFrame: Int
        let frameWidth: Int
        let x0: Int

        func x(_ time: Int) -> Double {
            Double(x0) + Double(time - origin) / Double(ticksPerFrame) * Double(frameWidth)
        }
    }

    /// The frame width at which no two elements of a line at different times overlap.
    static func frameWidth(_ lines: [MarbleDiagram.Line], tpf: Int) -> Int {
        var width = Double(minimumFrameWidth)
        for line in lines {
            let values = line.events.compactMap { event in
                event.value.element.map { (event.time, MarbleShape.halfWidth($0)) }
            }
            for (left, right) in zip(values, values.dropFirst()) where left.0 < right.0 {
                let frames = Double(right.0 - left.0) / Double(tpf)
                width = max(width, Double(left.1 + right.1 + 10) / frames)
            }
        }
        return Int(width.rounded(.up))
    }

    private static func deepestStack(_ line: MarbleDiagram.Line) -> Int {
        var counts: [Int: Int] = [:]
        for event in line.events where event.value.element != nil { counts[event.time, default: 0] += 1 }
        return max(1, counts.values.max() ?? 1)
    }

    private static func drawLine(_ line: MarbleDiagram.Line, y: Int, scale: Scale, end: Double) -> String {
        let x0 = scale.x0
        func x(_ time: Int, plus offset: Int = 0) -> String {
            SVGText.number(scale.x(time) + Double(offset))
        }
        let terminalEvent = line.events.first { $0.value.isStopEvent }
        // A terminal event at the time of an element is drawn just after it, not under it; its
        // group says by how much (`data-dx`).
        let nudge =
            terminalEvent.map { terminal in
                line.events.filter { $0.time == terminal.time }.compactMap { $0.value.element }
                    .map(MarbleShape.halfWidth).max().map { $0 + 6 } ?? 0
            } ?? 0
        let terminal = terminalEvent?.time ?? line.end
        let stop = terminal.map { scale.x($0) + Double(nudge) } ?? end
        var text = "<g><text class=\"l\" x=\"\(x0 - 28)\" y=\"\(y + 4)\">\(SVGText.escaped(line.label))</text>"
        text += "<path class=\"k\" d=\"M\(x(line.start)) \(y)H\(SVGText.number(stop))\"/>"
        if terminal == nil {
            text +=
                "<path class=\"k\" d=\"M\(SVGText.number(end - 7)) \(y - 5)L\(SVGText.number(end)) \(y)L\(SVGText.number(end - 7)) \(y + 5)\"/>"
        }
        if line.start != scale.origin {
            text += "<g data-t=\"\(line.start)\" transform=\"translate(\(x(line.start)),\(y))\">"
            text += MarbleShape.subscription + "</g>"
        }
        if let end = line.end {
            text += "<g class=\"u\" data-t=\"\(end)\" transform=\"translate(\(x(end)),\(y))\">"
            text += MarbleShape.disposal + "</g>"
        }
        var depth: [Int: Int] = [:]
        for event in line.events {
            switch event.value {
            case .next(let value):
                let dy = depth[event.time, default: 0] * stackStep
                depth[event.time, default: 0] += 1
                text += "<g class=\"e\" data-t=\"\(event.time)\" transform=\"translate(\(x(event.time)),\(y + dy))\">"
                text += MarbleShape.marble(value, fill: "p\(MarbleShape.palette(value))") + "</g>"
            case .error, .completed:
                let shape = event.value == .completed ? MarbleShape.completion : MarbleShape.error
                let dx = nudge == 0 ? "" : " data-dx=\"\(nudge)\""
                text +=
                    "<g class=\"e\" data-t=\"\(event.time)\"\(dx) transform=\"translate(\(x(event.time, plus: nudge)),\(y))\">"
                text += shape + "</g>"
            }
        }
        return text + "</g>\n"
    }

    /// The diagram in words, for `<desc>`.
    static func description(of diagram: MarbleDiagram) -> String {
        func when(_ time: Int) -> String {
            let offset = time - diagram.zero
            return offset % diagram.ticksPerFrame == 0 ? "frame \(offset / diagram.ticksPerFrame)" : "tick \(offset)"
        }
        var sentences: [String] = []
        for line in diagram.lines {
            var parts: [String] = []
            if line.start != diagram.zero {
                parts.append("subscribed at \(when(line.start))")
            }
            for event in line.events {
                switch event.value {
                case .next(let value): parts.append("\(value) at \(when(event.time))")
                case .error(nil): parts.append("fails at \(when(event.time))")
                case .error(let error?): parts.append("fails with \"\(error)\" at \(when(event.time))")
                case .completed: parts.append("completes at \(when(event.time))")
                }
            }
            if let end = line.end {
                parts.append("unsubscribed at \(when(end))")
            }
            let name = line.kind == .output ? "\(diagram.call) sends" : line.label
            sentences.append("\(name): " + (parts.isEmpty ? "nothing" : parts.joined(separator: ", ")) + ".")
        }
        return sentences.joined(separator: " ")
    }
}
