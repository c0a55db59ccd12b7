import RxCore

extension TestScheduler {
    /// A hot observable whose events a marble diagram describes.
    ///
    /// `^` marks the subscription point, which stands for the virtual time `subscribed`;
    /// without `^` the diagram starts there. Each frame lasts the `ticksPerFrame:` given to
    /// `init`, so with the defaults `"-a-^-b-|"` sends `a` at 180, `b` at 220 and completes at
    /// 240.
    ///
    /// - Parameters:
    ///   - diagram: the events; see `Docs/Testing.md` for the syntax.
    ///   - values: the element each value character stands for; `String` and `Character`
    ///     elements may omit characters that stand for themselves, and integer elements the
    ///     digits `0` to `9`, which stand for their value. An entry wins over either.
    ///   - error: the error `#` sends.
    ///   - subscribed: the virtual time of the subscription point.
    /// - Throws: ``MarbleDiagramError`` with the column at fault when the diagram is malformed.
    public func createHotObservable<Element>(
        _ diagram: String, values: [Character: Element] = [:], error: (any Error)? = nil,
        subscribed: TestTime = Defaults.subscribed
    ) throws(MarbleDiagramError) -> TestableObservable<Element> {
        createHotObservable(
            try parseEvents(diagram, values: MarbleValues(values), error: error, zero: subscribed, hot: true))
    }

    /// A hot observable of the characters of a marble diagram, as strings.
    ///
    /// - Throws: ``MarbleDiagramError`` with the column at fault when the diagram is malformed.
    public func createHotObservable(
        _ diagram: String, error: (any Error)? = nil, subscribed: TestTime = Defaults.subscribed
    ) throws(MarbleDiagramError) -> TestableObservable<String> {
        try createHotObservable(diagram, values: [Character: String](), error: error, subscribed: subscribed)
    }

    /// A cold observable whose events a marble diagram describes, as offsets from each
    /// subscription: with the defaults `"--a|"` sends `a` 20 ticks after subscribing.
    ///
    /// - Throws: ``MarbleDiagramError`` with the column at fault when the diagram is malformed
    ///   or holds a `^`.
    public func createColdObservable<Element>(
        _ diagram: String, values: [Character: Element] = [:], error: (any Error)? = nil
    ) throws(MarbleDiagramError) -> TestableObservable<Element> {
        createColdObservable(try parseEvents(diagram, values: MarbleValues(values), error: error, zero: 0, hot: false))
    }

    /// A cold observable of the characters of a marble diagram, as strings.
    ///
    /// - Throws: ``MarbleDiagramError`` with the column at fault when the diagram is malformed
    ///   or holds a `^`.
    public func createColdObservable(_ diagram: String, error: (any Error)? = nil) throws(MarbleDiagramError)
        -> TestableObservable<String>
    {
        try createColdObservable(diagram, values: [Character: String](), error: error)
    }

    /// The recorded events a marble diagram describes, for comparing with what an observer
    /// received: frame zero (or `^`) is the virtual time `subscribed`.
    ///
    /// - Throws: ``MarbleDiagramError`` with the column at fault when the diagram is malformed.
    public func marbleEvents<Element>(
        _ diagram: String, values: [Character: Element] = [:], error: (any Error)? = nil,
        subscribed: TestTime = Defaults.subscribed
    ) throws(MarbleDiagramError) -> [Recorded<Event<Element>>] {
        try parseEvents(diagram, values: MarbleValues(values), error: error, zero: subscribed, hot: true)
    }

    /// The recorded events of a marble diagram's characters, as strings.
    ///
    /// - Throws: ``MarbleDiagramError`` with the column at fault when the diagram is malformed.
    public func marbleEvents(
        _ diagram: String, error: (any Error)? = nil, subscribed: TestTime = Defaults.subscribed
    ) throws(MarbleDiagramError) -> [Recorded<Event<String>>] {
        try marbleEvents(diagram, values: [Character: String](), error: error, subscribed: subscribed)
    }

    /// The subscriptions subscription diagrams describe, one per diagram: `^` subscribes and
    /// `!` unsubscribes (none: still open), frame zero being the virtual time `subscribed`.
    ///
    /// - Throws: ``MarbleDiagramError`` with the column at fault when a diagram is malformed.
    public func marbleSubscriptions(_ diagrams: String..., subscribed: TestTime = Defaults.subscribed)
        throws(MarbleDiagramError) -> [Subscription]
    {
        try marbleSubscriptions(diagrams, subscribed: subscribed)
    }

    /// The subscriptions subscription diagrams describe, one per diagram.
    ///
    /// - Throws: ``MarbleDiagramError`` with the column at fault when a diagram is malformed.
    public func marbleSubscriptions(_ diagrams: [String], subscribed: TestTime = Defaults.subscribed)
        throws(MarbleDiagramError) -> [Subscription]
    {
        var result: [Subscription] = []
        for diagram in diagrams {
            result.append(try parseSubscription(diagram, zero: subscribed))
        }
        return result
    }

    /// A marble diagram of recorded events, frame zero being the virtual time `subscribed`.
    ///
    /// Values are spelled by their key in `values` (or, for `String` and `Character`
    /// elements, by themselves, and for integers from 0 to 9, by their digit), `?` when they
    /// have none. Events before `subscribed` bring
    /// in a `^`; events between frames are placed exactly with tick progressions. The
    /// diagram reads back as the same events except where a symbol cannot have a frame of its
    /// own, and then only those events are off, by less than a frame:
    ///
    /// - two events less than a frame apart: the later one is drawn in the earlier one's group;
    /// - an event less than a frame from a drawn `^`: it is drawn in the `^`'s group and reads
    ///   back at `subscribed`;
    /// - a value with no character: it is drawn as `?`, which does not read back;
    /// - events out of time order: they are drawn, and read back, in time order.
    public func marbleDiagram<Element: Equatable>(
        of events: [Recorded<Event<Element>>], values: [Character: Element] = [:],
        subscribed: TestTime = Defaults.subscribed
    ) -> String {
        let layout = MarbleLayout(
            [marks(of: events, values: MarbleValues(values))], zero: subscribed, ticksPerFrame: ticksPerFrame,
            marksZero: true)
        return layout.lines[0]
    }

    /// A subscription diagram of `subscription`, frame zero being the virtual time
    /// `subscribed`; a subscription made before it is drawn at frame zero.
    public func marbleDiagram(of subscription: Subscription, subscribed: TestTime = Defaults.subscribed) -> String {
        MarbleLayout([marks(of: subscription)], zero: subscribed, ticksPerFrame: ticksPerFrame, marksZero: false)
            .lines[0]
    }

    func parseEvents<Element>(
        _ diagram: String, values: MarbleValues<Element>, error: (any Error)?, zero: TestTime, hot: Bool
    ) throws(MarbleDiagramError) -> [Recorded<Event<Element>>] {
        let marks = try MarbleScanner.scan(
            diagram, kind: .events(allowsSubscriptionPoint: hot), timing: MarbleTiming(self))
        let origin = marks.first { $0.symbol == .subscribe }?.time ?? 0
        var events: [Recorded<Event<Element>>] = []
        for mark in marks {
            let event: Event<Element>
            switch mark.symbol {
            case .value(let character):
                guard let element = values.element(for: character) else {
                    throw MarbleDiagramError(
                        diagram: diagram, column: mark.column, reason: values.missingReason(for: character))
                }
                event = .next(element)
            case .completed:
                event = .completed
            case .error:
                guard let error else {
                    throw MarbleDiagramError(
                        diagram: diagram, column: mark.column, reason: "'#' needs the `error:` argument")
                }
                event = .error(error)
            case .subscribe, .unsubscribe:
                continue
            }
            events.append(Recorded(time: try time(of: mark, origin: origin, zero: zero, in: diagram), value: event))
        }
        return events
    }

    func parseSubscription(_ diagram: String, zero: TestTime) throws(MarbleDiagramError) -> Subscription {
        let marks = try MarbleScanner.scan(diagram, kind: .subscription, timing: MarbleTiming(self))
        var subscribe: TestTime = zero
        var unsubscribe: TestTime = .max
        for mark in marks {
            let time = try time(of: mark, origin: 0, zero: zero, in: diagram)
            if mark.symbol == .subscribe {
                subscribe = time
            } else {
                unsubscribe = time
            }
        }
        return Subscription(subscribe, unsubscribe)
    }

    func marks<Element: Equatable>(of events: [Recorded<Event<Element>>], values: MarbleValues<Element>)
        -> [MarbleLayout.Mark]
    {
        events.map { recorded in
            let text =
                switch recorded.value {
                case .next(let element): values.character(for: element).map(String.init) ?? "?"
                case .error: "#"
                case .completed: "|"
                }
            return MarbleLayout.Mark(time: recorded.time, text: text)
        }
    }

    func marks(of subscription: Subscription) -> [MarbleLayout.Mark] {
        var marks = [MarbleLayout.Mark(time: subscription.subscribe, text: "^")]
        if subscription.unsubscribe != .max {
            marks.append(MarbleLayout.Mark(time: subscription.unsubscribe, text: "!"))
        }
        return marks
    }

    private func time(of mark: MarbleMark, origin: TestTime, zero: TestTime, in diagram: String)
        throws(MarbleDiagramError) -> TestTime
    {
        let (offset, overflow1) = mark.time.subtractingReportingOverflow(origin)
        let (time, overflow2) = zero.addingReportingOverflow(offset)
        if overflow1 || overflow2 {
            throw MarbleDiagramError(diagram: diagram, column: mark.column, reason: "this time is beyond the clock")
        }
        return time
    }
}
