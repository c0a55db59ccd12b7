/// A value paired with the virtual time at which it happened: usually an `Event` that a
/// ``TestableObserver`` received, or one that a ``TestableObservable`` will send.
public struct Recorded<Value>: CustomDebugStringConvertible {
    /// The virtual time of the value.
    public let time: TestTime

    /// The recorded value.
    public let value: Value

    /// Records `value` at `time`.
    public init(time: TestTime, value: Value) {
        self.time = time
        self.value = value
    }

    /// `value @ time`, such as `next(1) @ 210`.
    public var debugDescription: String {
        "\(value) @ \(time)"
    }
}

extension Recorded: Equatable where Value: Equatable {
    /// Whether both record equal values at the same time.
    public static func == (lhs: Recorded<Value>, rhs: Recorded<Value>) -> Bool {
        lhs.time == rhs.time && lhs.value == rhs.value
    }
}

extension Recorded: Sendable where Value: Sendable {}
