import RxCore
import RxTestSupport

/// Draws a recorded example as a small, self-contained SVG: one timeline per line of the
/// recording, the call in a box between the inputs and the output, every line on one time scale.
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
    static let characterWidth = 7.3
    static let captionCharacterWidth = 8.0

    /// The SVG document for `recording`.
    public static func draw(_ recording: MarbleRecording) -> String {
        let example = recording.example
        let tpf = example.ticksPerFrame
        let lines = recording.lines
        let times = lines.flatMap { line in [line.start] + line.events.map(\.time) + (line.end.map { [$0] } ?? []) }
        let origin = min(MarbleRecording.zero, times.min() ?? MarbleRecording.zero)
        let last = max(times.max() ?? origin, origin + 4 * tpf)
        let labelWidth = Int(Double(lines.map(\.label.count).max() ?? 0) * characterWidth) + 8
        let x0 = padding + labelWidth + 30
        let scale = Scale(origin: origin, ticksPerFrame: tpf, frameWidth: frameWidth(lines, tpf: tpf), x0: x0)
        let timelineEnd = scale.x(last) + 1.5 * Double(scale.frameWidth)
        let captionWidth = Int(Double(example.call.count) * captionCharacterWidth) + 24
        let width = max(Int(timelineEnd) + 12 + padding, x0 - 20 + captionWidth + padding)

        var body = ""
        var y = padding
        func draw(_ line: MarbleRecording.Line) {
            let stack = deepestStack(line)
            let centre = y + rowHeight / 2
            body += drawLine(line, y: centre, scale: scale, end: timelineEnd)
            y += rowHeight + (stack - 1) * stackStep
        }
        for line in lines where line.kind == .input { draw(line) }
        body +=
            "<g class=\"cap\"><rect class=\"k\" x=\"\(x0 - 20)\" y=\"\(y + 2)\" width=\"\(max(captionWidth, Int(timelineEnd) - x0 + 28))\""
            + " height=\"\(captionHeight)\" rx=\"4\"/><text class=\"t\" x=\"\(x0 - 8)\" y=\"\(y + 21)\">"
            + escaped(example.call) + "</text></g>\n"
        y += captionHeight + 8
        for line in lines where line.kind != .input { draw(line) }
        let height = y + padding

        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" \
            role="img" aria-labelledby="title desc" data-origin="\(origin)" data-ticks-per-frame="\(tpf)" \
            data-x0="\(x0)" data-frame-width="\(scale.frameWidth)">
            <title id="title">\(escaped(example.call)): marble diagram</title>
            <desc id="desc">\(escaped(description(of: recording)))</desc>
            <style>
            .k{stroke:#3a3a3a;fill:none;stroke-width:1.5}.t{fill:#222;font:13px ui-monospace,Menlo,Consolas,monospace}
            .l{fill:#555;font:12px ui-monospace,Menlo,Consolas,monospace;text-anchor:end}
            .v{stroke:#3a3a3a;stroke-width:1.2}.v text{fill:#111;stroke:none;font:bold 12px ui-monospace,Menlo,Consolas,monospace;text-anchor:middle}
            .x{stroke:#d62728;stroke-width:3}.c{stroke:#3a3a3a;stroke-width:2.5}.d{stroke:#888;stroke-width:2;stroke-dasharray:3 2}
            .p0{fill:#f9c74f}.p1{fill:#90be6d}.p2{fill:#7fb3e6}.p3{fill:#f4978e}.p4{fill:#c3a6e0}.p5{fill:#f8a05b}.p6{fill:#76d0c4}.p7{fill:#e0c9a6}
            @media (prefers-color-scheme:dark){.k,.v,.c{stroke:#d0d0d0}.t{fill:#eee}.l{fill:#bbb}.x{stroke:#ff6b6b}}
            </style>
            \(body)</svg>

            """
    }

    /// Where times go: `x0 + (time - origin) / ticksPerFrame * frameWidth`.
    struct Scale {
        let origin: TestTime
        let ticksPerFrame: TestTime
        let frameWidth: Int
        let x0: Int

        func x(_ time: TestTime) -> Double {
            Double(x0) + Double(time - origin) / Double(ticksPerFrame) * Double(frameWidth)
        }
    }

    /// The frame width at which no two elements of a line at different times overlap.
    static func frameWidth(_ lines: [MarbleRecording.Line], tpf: TestTime) -> Int {
        var width = Double(minimumFrameWidth)
        for line in lines {
            let values = line.events.compactMap { event in event.value.element.map { (event.time, halfWidth($0)) } }
            for (left, right) in zip(values, values.dropFirst()) where left.0 < right.0 {
                let frames = Double(right.0 - left.0) / Double(tpf)
                width = max(width, Double(left.1 + right.1 + 10) / frames)
            }
        }
        return Int(width.rounded(.up))
    }

    private static func deepestStack(_ line: MarbleRecording.Line) -> Int {
        var counts: [TestTime: Int] = [:]
        for event in line.events where event.value.element != nil { counts[event.time, default: 0] += 1 }
        return max(1, counts.values.max() ?? 1)
    }

    private static func drawLine(
        _ line: MarbleRecording.Line, y: Int, scale: Scale, end: Double
    ) -> String {
        let x0 = scale.x0
        func x(_ time: TestTime, plus offset: Int = 0) -> String {
            number(scale.x(time) + Double(offset))
        }
        let terminalEvent = line.events.first { $0.value.isStopEvent }
        // A terminal event at the time of an element is drawn just after it, not under it; its
        // group says by how much (`data-dx`).
        let nudge =
            terminalEvent.map { terminal in
                line.events.filter { $0.time == terminal.time }.compactMap { $0.value.element }.map(halfWidth).max()
                    .map { $0 + 6 } ?? 0
            } ?? 0
        let terminal = terminalEvent?.time ?? line.end
        let stop = terminal.map { scale.x($0) + Double(nudge) } ?? end
        var text = "<g><text class=\"l\" x=\"\(x0 - 28)\" y=\"\(y + 4)\">\(escaped(line.label))</text>"
        text += "<path class=\"k\" d=\"M\(x(line.start)) \(y)H\(number(stop))\"/>"
        if terminal == nil {
            text +=
                "<path class=\"k\" d=\"M\(number(end - 7)) \(y - 5)L\(number(end)) \(y)L\(number(end - 7)) \(y + 5)\"/>"
        }
        if line.start != scale.origin {
            text += "<g data-t=\"\(line.start)\" transform=\"translate(\(x(line.start)),\(y))\">"
            text += "<path class=\"k\" d=\"M0 -7V7\"/></g>"
        }
        if let end = line.end {
            text += "<g class=\"u\" data-t=\"\(end)\" transform=\"translate(\(x(end)),\(y))\">"
            text += "<path class=\"d\" d=\"M0 -12V12\"/></g>"
        }
        var depth: [TestTime: Int] = [:]
        for event in line.events {
            switch event.value {
            case .next(let value):
                let dy = depth[event.time, default: 0] * stackStep
                depth[event.time, default: 0] += 1
                text += "<g class=\"e\" data-t=\"\(event.time)\" transform=\"translate(\(x(event.time)),\(y + dy))\">"
                let colour = "p\(palette(value))"
                let half = halfWidth(value)
                text +=
                    value.count <= 2
                    ? "<g class=\"v\"><circle class=\"\(colour)\" r=\"12\"/>"
                    : "<g class=\"v\"><rect class=\"\(colour)\" x=\"-\(half)\" y=\"-12\" width=\"\(2 * half)\" height=\"24\" rx=\"12\"/>"
                text += "<text y=\"4\">\(escaped(value))</text></g></g>"
            case .error, .completed:
                let shape =
                    event.value.error == nil
                    ? "<path class=\"c\" d=\"M0 -16V16\"/>" : "<path class=\"x\" d=\"M-7 -7L7 7M-7 7L7 -7\"/>"
                let dx = nudge == 0 ? "" : " data-dx=\"\(nudge)\""
                text +=
                    "<g class=\"e\" data-t=\"\(event.time)\"\(dx) transform=\"translate(\(x(event.time, plus: nudge)),\(y))\">"
                text += shape + "</g>"
            }
        }
        return text + "</g>\n"
    }

    /// Half the width of a value's marble: a circle for one or two characters, else a pill.
    static func halfWidth(_ value: String) -> Int {
        value.count <= 2 ? 12 : Int(Double(value.count) * characterWidth / 2) + 8
    }

    /// The colour of a value: that of its first letter or digit, so `a`, `A` and `a1` match.
    private static func palette(_ value: String) -> Int {
        guard
            let scalar = value.lowercased().unicodeScalars.first(where: {
                $0.properties.isAlphabetic || ("0"..."9").contains($0)
            })
        else { return 7 }
        let base: UInt32 = ("0"..."9").contains(scalar) ? 48 : 97
        return Int((scalar.value &- base) % 8)
    }

    /// The example in words, for `<desc>`.
    static func description(of recording: MarbleRecording) -> String {
        let example = recording.example
        func when(_ time: TestTime) -> String {
            let offset = time - MarbleRecording.zero
            return offset % example.ticksPerFrame == 0 ? "frame \(offset / example.ticksPerFrame)" : "tick \(offset)"
        }
        var sentences: [String] = []
        for line in recording.lines {
            var parts: [String] = []
            if line.start != MarbleRecording.zero {
                parts.append("subscribed at \(when(line.start))")
            }
            for event in line.events {
                switch event.value {
                case .next(let value): parts.append("\(value) at \(when(event.time))")
                case .error(let error) where error is MarbleError: parts.append("fails at \(when(event.time))")
                case .error(let error): parts.append("fails with \"\(error)\" at \(when(event.time))")
                case .completed: parts.append("completes at \(when(event.time))")
                }
            }
            if let end = line.end {
                parts.append("unsubscribed at \(when(end))")
            }
            let name = line.kind == .output ? "\(example.call) sends" : line.label
            sentences.append("\(name): " + (parts.isEmpty ? "nothing" : parts.joined(separator: ", ")) + ".")
        }
        return sentences.joined(separator: " ")
    }

    /// `value` with one decimal at most.
    static func number(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(abs(tenths % 10))"
    }

    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
