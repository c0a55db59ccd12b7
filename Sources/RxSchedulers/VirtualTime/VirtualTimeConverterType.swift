import RxCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Describes a virtual clock for ``VirtualTimeScheduler``: its time and interval types, how
/// they map to real dates and intervals, and how to add and compare them.
///
/// The scheduler calls these methods while it holds its lock, to keep its queue in order, so
/// they must be plain arithmetic: one that calls back into the scheduler stops the process.
public protocol VirtualTimeConverterType {
    /// A point on the virtual clock.
    associatedtype VirtualTimeUnit

    /// A distance between two points on the virtual clock.
    associatedtype VirtualTimeIntervalUnit

    /// The real date that `virtualTime` stands for.
    func convertFromVirtualTime(_ virtualTime: VirtualTimeUnit) -> RxTime

    /// The virtual time that stands for the real date `time`.
    func convertToVirtualTime(_ time: RxTime) -> VirtualTimeUnit

    /// The length in seconds of `virtualTimeInterval`.
    func convertFromVirtualTimeInterval(_ virtualTimeInterval: VirtualTimeIntervalUnit) -> TimeInterval

    /// The virtual interval that stands for `timeInterval` seconds.
    func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> VirtualTimeIntervalUnit

    /// `time` moved by `offset`.
    func offsetVirtualTime(_ time: VirtualTimeUnit, offset: VirtualTimeIntervalUnit) -> VirtualTimeUnit

    /// How `lhs` compares to `rhs`.
    func compareVirtualTime(_ lhs: VirtualTimeUnit, _ rhs: VirtualTimeUnit) -> VirtualTimeComparison
}

/// How two virtual times compare; converters report it because some virtual time types
/// (historically `Date`) are not `Comparable`.
public enum VirtualTimeComparison: Sendable {
    /// The left time is earlier.
    case lessThan
    /// Both times are the same.
    case equal
    /// The left time is later.
    case greaterThan
}

extension VirtualTimeComparison {
    /// How `lhs` compares with `rhs`, for the converters whose times are `Comparable`.
    @inlinable
    package init<Time: Comparable>(comparing lhs: Time, with rhs: Time) {
        self = lhs < rhs ? .lessThan : lhs > rhs ? .greaterThan : .equal
    }
}
