/// A marble diagram to draw: the lines of one run on a virtual clock, and the call that made the
/// run, drawn in a box between the inputs and the output.
///
/// It holds text only, so that any recorder (a test scheduler, a hand-written list) can describe
/// a run: the values are already spelled as they are to be shown.
public struct MarbleDiagram: Sendable, Equatable {
    /// One event of a line, at an absolute virtual time.
    public struct Event: Sendable, Equatable {
        /// What happened.
        public enum Value: Sendable, Equatable {
            /// An element, spelled as it is to be drawn.
            case next(String)
            /// An error; its text, or `nil` for the diagram's usual error, which the description
            /// then does not spell out.
            case error(String?)
            /// Completion.
            case completed

            /// Whether the value ends its line.
            public var isStopEvent: Bool {
                if case .next = self { return false }
                return true
            }

            /// The element's text, for a `next`.
            public var element: String? {
                if case .next(let text) = self { return text }
                return nil
            }
        }

        /// The virtual time.
        public var time: Int
        /// What happened.
        public var value: Value

        /// An event at `time`.
        public init(time: Int, value: Value) {
            self.time = time
            self.value = value
        }
    }

    /// One timeline of the picture.
    public struct Line: Sendable, Equatable {
        /// Where the line is drawn.
        public enum Kind: Sendable, Equatable {
            /// Above the call's box.
            case input
            /// Below the box, first: what the call sends.
            case output
            /// Below the output: a sequence the output sent, or another subscriber.
            case inner
        }

        /// Where it is drawn: above the caption (inputs) or below it.
        public var kind: Kind
        /// Its label, at the left.
        public var label: String
        /// When it starts: the diagram's time zero, or a later subscription.
        public var start: Int
        /// When its subscription was disposed before a terminal event, if it was.
        public var end: Int?
        /// Its events, in time order.
        public var events: [Event]

        /// A line; see the properties for each argument.
        public init(kind: Kind, label: String, start: Int, end: Int? = nil, events: [Event]) {
            self.kind = kind
            self.label = label
            self.start = start
            self.end = end
            self.events = events
        }
    }

    /// The call drawn in the box, as a user would write it.
    public var call: String
    /// The ticks one frame of the picture lasts.
    public var ticksPerFrame: Int
    /// Time zero: where frame 0 is, and from where the description counts frames.
    public var zero: Int
    /// The lines, in any order: inputs are drawn above the box, the rest below it in this order.
    public var lines: [Line]

    /// A diagram; see the properties for each argument.
    ///
    /// - Precondition: `ticksPerFrame` is positive.
    public init(call: String, ticksPerFrame: Int = 10, zero: Int = 200, lines: [Line]) {
        if ticksPerFrame <= 0 {
            fatalError("MarbleDiagram: ticksPerFrame must be positive, got \(ticksPerFrame)")
        }
        self.call = call
        self.ticksPerFrame = ticksPerFrame
        self.zero = zero
        self.lines = lines
    }
}
