import RxCore

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
        let table = MarbleValues(values)
        let expected: [Recorded<Event<Element>>]
        do {
            expected = try parseEvents(diagram, values: table, error: error, zero: subscribed, hot: true)
        } catch {
            return error.description
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
        return lines.joined(separator: "\n")
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
        let layout = MarbleLayout(
            expected.map(marks(of:)) + subscriptions.map(marks(of:)), zero: subscribed,
            ticksPerFrame: ticksPerFrame, marksZero: false)
        var lines = [
            "recorded subscriptions differ from the subscription diagrams at \(time) (\(frameDescription(of: time, zero: subscribed))):"
        ]
        let drawn = layout.lines
        lines += expected.isEmpty ? ["expected: (none)"] : drawn.prefix(expected.count).map { "expected: \($0)" }
        lines +=
            subscriptions.isEmpty ? ["recorded: (none)"] : drawn.dropFirst(expected.count).map { "recorded: \($0)" }
        lines.append(String(repeating: " ", count: "recorded: ".count + layout.column(of: time)) + "^")
        lines += notes(layout, drawnLines: [])
        lines.append("expected: \(list(expected))")
        lines.append("recorded: \(list(subscriptions))")
        return lines.joined(separator: "\n")
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
        let offset = time - zero
        let frame = offset >= 0 ? offset / ticksPerFrame : -((-offset + ticksPerFrame - 1) / ticksPerFrame)
        let rest = offset - frame * ticksPerFrame
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
