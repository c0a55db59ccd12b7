/// Whether `take(while:behavior:)` also passes on the element that ends it.
public enum TakeBehavior: Sendable {
    /// Pass on the first element that fails the predicate, then complete.
    case inclusive
    /// Complete without the first element that fails the predicate.
    case exclusive
}
