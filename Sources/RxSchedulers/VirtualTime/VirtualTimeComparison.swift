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
