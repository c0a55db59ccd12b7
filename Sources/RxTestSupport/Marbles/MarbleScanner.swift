/// Reads a marble diagram into timed symbols, checking the syntax every kind of diagram
/// shares.
///
/// Every character but a space is one frame long: `-`, a value, `|`, `#`, `^`, `!`, and a
/// whole group `(...)`, whose symbols all happen at the group's first frame. A time
/// progression (` 5f `, ` 3t `, ` 100ms `, ` 2s `) skips ahead by exactly its length; it
/// starts the diagram or follows a space, and ends the diagram or precedes one.
struct MarbleScanner {
    /// Which symbols a diagram may hold.
    enum Kind {
        /// Events; `^` (time zero) only when `allowsSubscriptionPoint`.
        case events(allowsSubscriptionPoint: Bool)
        /// One subscription: `^` and optionally `!`.
        case subscription
    }

    private let characters: [Character]
    private let diagram: String
    private let kind: Kind
    private let timing: MarbleTiming

    private init(diagram: String, kind: Kind, timing: MarbleTiming) {
        self.diagram = diagram
        self.characters = Array(diagram)
        self.kind = kind
        self.timing = timing
    }

    /// The symbols of `diagram`, in the order written (and so in time order).
    static func scan(_ diagram: String, kind: Kind, timing: MarbleTiming) throws(MarbleDiagramError) -> [MarbleMark] {
        try MarbleScanner(diagram: diagram, kind: kind, timing: timing).scan()
    }

    private func scan() throws(MarbleDiagramError) -> [MarbleMark] {
        var marks: [MarbleMark] = []
        var time: TestTime = 0
        var group: (column: Int, time: TestTime, count: Int)?
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if let progression = try progression(at: index) {
                if group != nil {
                    throw failure(at: index, "a time progression inside a group; a group is one frame")
                }
                time = try advance(time, by: progression.ticks, at: index)
                index += progression.length
                continue
            }
            switch character {
            case " ":
                break
            case "-":
                if group != nil {
                    throw failure(at: index, "'-' inside a group; a group is one frame")
                }
                time = try advance(time, by: timing.ticksPerFrame, at: index)
            case "(":
                if group != nil {
                    throw failure(at: index, "groups cannot be nested")
                }
                group = (index, time, 0)
            case ")":
                guard let open = group else {
                    throw failure(at: index, "')' closes no group")
                }
                if open.count == 0 {
                    throw failure(at: open.column, "an empty group")
                }
                group = nil
                time = try advance(time, by: timing.ticksPerFrame, at: index)
            default:
                let symbol = try symbol(character, at: index, after: marks)
                marks.append(MarbleMark(time: group?.time ?? time, symbol: symbol, column: index))
                if group != nil {
                    group?.count += 1
                } else {
                    time = try advance(time, by: timing.ticksPerFrame, at: index)
                }
            }
            index += 1
        }
        if let open = group {
            throw failure(at: open.column, "'(' is never closed")
        }
        if case .subscription = kind, !marks.contains(where: { $0.symbol == .subscribe }) {
            throw failure(at: characters.count, "no '^'; a subscription diagram needs one")
        }
        return marks
    }

    /// The symbol `character` stands for, checked against the kind of diagram and the
    /// symbols before it.
    private func symbol(_ character: Character, at index: Int, after marks: [MarbleMark]) throws(MarbleDiagramError)
        -> MarbleSymbol
    {
        let symbol: MarbleSymbol
        switch character {
        case "|": symbol = .completed
        case "#": symbol = .error
        case "^": symbol = .subscribe
        case "!": symbol = .unsubscribe
        case _ where character.isLetter || character.isNumber: symbol = .value(character)
        default: throw failure(at: index, "unexpected character '\(character)'")
        }
        switch (kind, symbol) {
        case (.events, .unsubscribe):
            throw failure(at: index, "'!' belongs in subscription diagrams")
        case (.events(allowsSubscriptionPoint: false), .subscribe):
            throw failure(
                at: index, "'^' in a cold diagram; a cold observable starts at each subscription, so it has no '^'")
        case (.events, .completed), (.events, .error):
            if marks.contains(where: { $0.symbol == .completed || $0.symbol == .error }) {
                throw failure(at: index, "a second terminal event; a sequence ends once")
            }
        case (.subscription, .value), (.subscription, .completed), (.subscription, .error):
            throw failure(at: index, "unexpected '\(character)' in a subscription diagram; it holds only '^' and '!'")
        case (.subscription, .unsubscribe):
            if marks.contains(where: { $0.symbol == .unsubscribe }) {
                throw failure(at: index, "a second '!'; a subscription diagram shows one subscription")
            }
            if !marks.contains(where: { $0.symbol == .subscribe }) {
                throw failure(at: index, "'!' before '^'")
            }
        default:
            break
        }
        if symbol == .subscribe, marks.contains(where: { $0.symbol == .subscribe }) {
            throw failure(at: index, "a second '^'")
        }
        return symbol
    }

    /// The time progression starting at `index`, if one does: digits, an optional fraction,
    /// a unit (`f` frames, `t` ticks, `ms`, `s`), then a space or the end.
    private func progression(at index: Int) throws(MarbleDiagramError) -> (length: Int, ticks: TestTime)? {
        guard characters[index].isASCII, characters[index].isNumber, index == 0 || characters[index - 1] == " " else {
            return nil
        }
        var end = index
        while end < characters.count, characters[end].isASCII, characters[end].isNumber { end += 1 }
        if end + 1 < characters.count, characters[end] == ".", characters[end + 1].isASCII,
            characters[end + 1].isNumber
        {
            end += 1
            while end < characters.count, characters[end].isASCII, characters[end].isNumber { end += 1 }
        }
        let number = String(characters[index..<end])
        let unit: String
        if end + 1 < characters.count, characters[end] == "m", characters[end + 1] == "s" {
            unit = "ms"
        } else if end < characters.count, ["f", "t", "s"].contains(characters[end]) {
            unit = String(characters[end])
        } else {
            return nil
        }
        let length = end - index + unit.count
        guard index + length == characters.count || characters[index + length] == " " else {
            return nil
        }
        return (length, try ticks(number, unit, at: index))
    }

    /// The whole number of ticks `number` `unit` lasts.
    private func ticks(_ number: String, _ unit: String, at index: Int) throws(MarbleDiagramError) -> TestTime {
        let written = number + unit
        // Whole frames and ticks are counted exactly: through a Double, a time near the end of
        // the clock would come back some ticks off.
        if unit == "f" || unit == "t", let whole = Int(number) {
            let (ticks, overflow) = whole.multipliedReportingOverflow(by: unit == "f" ? timing.ticksPerFrame : 1)
            guard !overflow, ticks < TestTime.max else {
                throw failure(at: index, "'\(written)' is too long for the clock")
            }
            return ticks
        }
        guard let amount = Double(number) else {
            throw failure(at: index, "'\(written)' is not a number")
        }
        let exact: Double
        switch unit {
        case "f": exact = amount * Double(timing.ticksPerFrame)
        case "t": exact = amount
        case "ms": exact = amount / 1000 / timing.resolution
        default: exact = amount / timing.resolution
        }
        let rounded = exact.rounded()
        guard rounded < Double(TestTime.max) else {
            throw failure(at: index, "'\(written)' is too long for the clock")
        }
        guard abs(exact - rounded) <= 1e-9 * max(1, abs(exact)) else {
            let detail =
                switch unit {
                case "f": "a frame is \(timing.ticksPerFrame) ticks"
                case "t": "ticks are whole"
                default: "a tick is \(timing.resolution) s; give the scheduler a finer resolution or use f or t"
                }
            throw failure(at: index, "'\(written)' is \(exact) ticks, not a whole number (\(detail))")
        }
        return TestTime(rounded)
    }

    private func advance(_ time: TestTime, by ticks: TestTime, at index: Int) throws(MarbleDiagramError) -> TestTime {
        let (sum, overflow) = time.addingReportingOverflow(ticks)
        if overflow {
            throw failure(at: index, "the diagram is too long for the clock")
        }
        return sum
    }

    private func failure(at column: Int, _ reason: String) -> MarbleDiagramError {
        MarbleDiagramError(diagram: diagram, column: column, reason: reason)
    }
}
