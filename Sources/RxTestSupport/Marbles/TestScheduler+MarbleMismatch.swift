import RxCore
import RxDiagrams

extension TestScheduler {
    /// The failure message ``assertMarbles(_:_:values:error:subscribed:fileID:file:line:column:)``
    /// reports, or `nil` when `events` are exactly the events `diagram` describes.
    ///
    /// The comparison is exact (times, values, errors by RxTest's rule); the diagrams in the
    /// message only show where the first difference is. A malformed diagram yields its
    /// ``MarbleDiagramError`` description.
    public func marbleMismatch<Element: Equatable>(
        _ events: [Recorded<Event<Element>>], _ diagram: String, values: [Character: Element] = [:],
        error: (any Error)? = nil, subscribed: TestTime = Defaults.subscribed
    ) -> String? {
        marbleComparison(events, diagram, values: values, error: error, subscribed: subscribed)?.message
    }

    /// The picture ``assertMarbles(_:_:values:error:subscribed:fileID:file:line:column:)`` draws
    /// when `events` are not exactly those `diagram` describes: both on one time axis, the
    /// first difference marked; `nil` when they are, or when the diagram is malformed.
    public func marbleDifference<Element: Equatable>(
        _ events: [Recorded<Event<Element>>], _ diagram: String, values: [Character: Element] = [:],
        error: (any Error)? = nil, subscribed: TestTime = Defaults.subscribed
    ) -> MarbleDifference? {
        marbleComparison(events, diagram, values: values, error: error, subscribed: subscribed)?.picture
    }

    /// The failure message of ``marbleMismatch(_:_:values:error:subscribed:)`` and the picture
    /// of the difference (none for a malformed diagram), or `nil` when the events match.
    func marbleComparison<Element: Equatable>(
        _ events: [Recorded<Event<Element>>], _ diagram: String, values: [Character: Element],
        error: (any Error)?, subscribed: TestTime
    ) -> (message: String, picture: MarbleDifference?)? {
        let table = MarbleValues(values)
        let expected: [Recorded<Event<Element>>]
        do {
            expected = try parseEvents(diagram, values: table, error: error, zero: subscribed, hot: true)
        } catch {
            return (error.description, nil)
        }
        guard let index = firstDifference(expected, events) else { return nil }
        let times = [expected, events].compactMap { index < $0.count ? $0[index].time : nil }
        let time = times.min() ?? subscribed
        let marks = [marks(of: expected, values: table), marks(of: events, values: table)]
        var layout = MarbleLayout(marks, zero: subscribed, ticksPerFrame: ticksPerFrame, marksZero: true)
        var scaleNote: String?
        if !layout.isExact, ticksPerFrame > 1 {
            // Events less than a frame apart would share a group and read badly; one column per
            // tick gives each its own, on an axis both lines still share.
            let fine = MarbleLayout(marks, zero: subscribed, ticksPerFrame: 1, marksZero: true)
            if fine.isExact {
                layout = fine
                scaleNote =
                    "note: drawn one tick per column (- is a tick, Nf is N ticks): "
                    + "some events are less than a frame apart"
            }
        }
        var lines = [
            "recorded events differ from the marble diagram at \(time) (\(frameDescription(of: time, zero: subscribed))):",
            "expected: \(layout.lines[0])",
            "recorded: \(layout.lines[1])",
            String(repeating: " ", count: "recorded: ".count + layout.column(of: time)) + "^",
            "first difference:",
            "  expected: \(index < expected.count ? expected[index].debugDescription : "nothing")",
            "  recorded: \(index < events.count ? events[index].debugDescription : "nothing")",
        ]
        lines += scaleNote.map { [$0] } ?? []
        lines += notes(layout, drawnLines: layout.lines)
        lines.append(events.isEmpty ? "recorded events: none" : "recorded events:")
        lines += events.map { "  \($0.debugDescription)" }
        let spell = { (element: Element) in table.character(for: element).map(String.init) ?? "\(element)" }
        // As the picture spells it, with the value when the diagram's letter stands for another.
        func said(_ event: Recorded<Event<Element>>) -> String {
            guard case .next(let element) = event.value else { return event.debugDescription }
            let letter = spell(element)
            let value = "\(element)"
            return "next(\(letter == value ? value : "\(letter) = \(value)")) @ \(event.time)"
        }
        let expectedText = index < expected.count ? said(expected[index]) : "nothing"
        let recordedText = index < events.count ? said(events[index]) : "nothing"
        let picture = MarbleDifference(
            title: "assertMarbles failed", expected: expected.drawn(spell: spell),
            recorded: events.drawn(spell: spell), firstDifference: index, subscribed: subscribed,
            note: "first difference at \(time) (\(frameDescription(of: time, zero: subscribed))):"
                + " expected \(expectedText), recorded \(recordedText)")
        return (lines.joined(separator: "\n"), picture)
    }

    /// The failure message ``assertSubscriptions(_:_:subscribed:fileID:file:line:column:)``
    /// reports, or `nil` when `subscriptions` are exactly those the subscription diagrams
    /// describe. A malformed diagram yields its ``MarbleDiagramError`` description.
    public func subscriptionsMismatch(
        _ subscriptions: [Subscription], _ diagrams: [String], subscribed: TestTime = Defaults.subscribed
    ) -> String? {
        let expected: [Subscription]
        do {
            expected = try self.marbleSubscriptions(diagrams, subscribed: subscribed)
        } catch {
            return error.description
        }
        guard let index = firstDifference(expected, subscriptions, equal: ==) else { return nil }
        let time = differingTime(expected, subscriptions, at: index) ?? subscribed
        let drawing = subscriptionDrawing(expected, subscriptions, subscribed: subscribed)
        var lines = [
            "recorded subscriptions differ from the subscription diagrams at \(time) (\(frameDescription(of: time, zero: subscribed))):"
        ]
        lines +=
            expected.isEmpty ? ["expected: (none)"] : drawing.lines.prefix(expected.count).map { "expected: \($0)" }
        lines +=
            subscriptions.isEmpty
            ? ["recorded: (none)"] : drawing.lines.dropFirst(expected.count).map { "recorded: \($0)" }
        lines.append(String(repeating: " ", count: "recorded: ".count + drawing.layout.column(of: time)) + "^")
        lines += drawing.notes
        lines += notes(drawing.layout, drawnLines: [])
        lines.append("expected: \(list(expected))")
        lines.append("recorded: \(list(subscriptions))")
        return lines.joined(separator: "\n")
    }

    /// The lines of a subscription mismatch, expected then recorded, drawn so that no two
    /// subscriptions that differ look the same.
    ///
    /// A subscription diagram cannot show a time before frame zero, so when one is that early
    /// the drawing starts at the earliest time instead (a subscription at 0 and one at 200 would
    /// otherwise both be a `^` at frame zero); subscriptions less than a frame apart are drawn
    /// one tick per column, as events are; and should a differing pair still look the same, each
    /// line ends with its exact times.
    private func subscriptionDrawing(
        _ expected: [Subscription], _ recorded: [Subscription], subscribed: TestTime
    ) -> (layout: MarbleLayout, lines: [String], notes: [String]) {
        let marks = expected.map(marks(of:)) + recorded.map(marks(of:))
        var notes: [String] = []
        var origin = subscribed
        if let earliest = marks.flatMap({ $0.map(\.time) }).min(), earliest < subscribed {
            origin = earliest
            notes.append(
                "note: drawn from \(earliest), before frame zero (\(subscribed)), "
                    + "where a subscription diagram cannot start")
        }
        var layout = MarbleLayout(marks, zero: origin, ticksPerFrame: ticksPerFrame, marksZero: false)
        if !layout.isExact, ticksPerFrame > 1 {
            let fine = MarbleLayout(marks, zero: origin, ticksPerFrame: 1, marksZero: false)
            if fine.isExact {
                layout = fine
                notes.append(
                    "note: drawn one tick per column (- is a tick, Nf is N ticks): "
                        + "some subscriptions are less than a frame apart")
            }
        }
        var lines = layout.lines
        let drawnAlike = (0..<min(expected.count, recorded.count)).contains { pair in
            expected[pair] != recorded[pair] && lines[pair] == lines[expected.count + pair]
        }
        if drawnAlike {
            let width = lines.map(\.count).max() ?? 0
            let all = expected + recorded
            lines = lines.indices.map { line in
                lines[line] + String(repeating: " ", count: width - lines[line].count) + "  "
                    + all[line].debugDescription
            }
            notes.append("note: some differing subscriptions look alike when drawn; each line ends with its times")
        }
        return (layout, lines, notes)
    }

    private func list(_ subscriptions: [Subscription]) -> String {
        subscriptions.isEmpty ? "none" : subscriptions.map(\.debugDescription).joined(separator: ", ")
    }

    private func firstDifference<Element: Equatable>(
        _ lhs: [Recorded<Event<Element>>], _ rhs: [Recorded<Event<Element>>]
    ) -> Int? {
        firstDifference(lhs, rhs, equal: { $0 == $1 })
    }

    private func firstDifference<Value>(_ lhs: [Value], _ rhs: [Value], equal: (Value, Value) -> Bool) -> Int? {
        for index in 0..<max(lhs.count, rhs.count) {
            guard index < lhs.count, index < rhs.count, equal(lhs[index], rhs[index]) else { return index }
        }
        return nil
    }

    /// The earliest time at which the subscriptions at `index` disagree.
    private func differingTime(_ lhs: [Subscription], _ rhs: [Subscription], at index: Int) -> TestTime? {
        let pair = [lhs, rhs].compactMap { index < $0.count ? $0[index] : nil }
        guard pair.count == 2 else { return pair.first?.subscribe }
        if pair[0].subscribe != pair[1].subscribe {
            return min(pair[0].subscribe, pair[1].subscribe)
        }
        return min(pair[0].unsubscribe, pair[1].unsubscribe)
    }

    private func frameDescription(of time: TestTime, zero: TestTime) -> String {
        // Times at the ends of the clock are more ticks from zero than a TestTime holds.
        let (offset, overflow) = time.subtractingReportingOverflow(zero)
        if overflow {
            return time < zero ? "more frames before frame zero than the clock counts" : "beyond the last frame"
        }
        // Floor division, so that a time before zero is in the frame that starts before it.
        let quotient = offset / ticksPerFrame
        let remainder = offset % ticksPerFrame
        let frame = remainder < 0 ? quotient - 1 : quotient
        let rest = remainder < 0 ? remainder + ticksPerFrame : remainder
        return rest == 0 ? "frame \(frame)" : "frame \(frame) + \(rest) \(rest == 1 ? "tick" : "ticks")"
    }

    private func notes(_ layout: MarbleLayout, drawnLines: [String]) -> [String] {
        var notes: [String] = []
        if !layout.isExact {
            notes.append("note: some times fall inside an earlier frame and are drawn with it; the list is exact")
        }
        if drawnLines.contains(where: { $0.contains("?") }) {
            notes.append("note: ? is a value with no key in `values`")
        }
        return notes
    }
}
