import Synchronization

/// A count that threads can change at once: live instances, overlapping actions, calls.
public final class Counter: Sendable {
    private let count = Atomic<Int>(0)

    /// A count of zero.
    public init() {}

    /// The count now.
    public var value: Int { count.load(ordering: .sequentiallyConsistent) }

    /// Adds one and returns the new count.
    @discardableResult
    public func increment() -> Int {
        count.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue
    }

    /// Takes one away and returns the new count.
    @discardableResult
    public func decrement() -> Int {
        count.wrappingSubtract(1, ordering: .sequentiallyConsistent).newValue
    }
}
