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
