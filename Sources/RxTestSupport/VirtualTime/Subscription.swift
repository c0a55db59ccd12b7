/// When an observer subscribed to a ``TestableObservable`` and when it unsubscribed, in
/// virtual time.
public struct Subscription: Hashable, Sendable, CustomDebugStringConvertible {
    /// The virtual time of the subscription.
    public let subscribe: TestTime

    /// The virtual time of the unsubscription; `Int.max` while the subscription is open.
    public let unsubscribe: TestTime

    /// A subscription at `subscribe` that was never disposed.
    public init(_ subscribe: TestTime) {
        self.init(subscribe, .max)
    }

    /// A subscription from `subscribe` to `unsubscribe`.
    public init(_ subscribe: TestTime, _ unsubscribe: TestTime) {
        self.subscribe = subscribe
        self.unsubscribe = unsubscribe
    }

    /// `(subscribe : unsubscribe)`, with `Infinity` for an open subscription.
    public var debugDescription: String {
        "(\(subscribe) : \(unsubscribe == .max ? "Infinity" : String(unsubscribe)))"
    }

    /// Hashes both times.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(subscribe)
        hasher.combine(unsubscribe)
    }
}

/// Whether both subscriptions began and ended at the same times. (A function at the top level,
/// where RxTest declares it.)
public func == (lhs: Subscription, rhs: Subscription) -> Bool {
    lhs.subscribe == rhs.subscribe && lhs.unsubscribe == rhs.unsubscribe
}
