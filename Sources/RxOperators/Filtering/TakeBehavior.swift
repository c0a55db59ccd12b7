/// Whether `take(while:behavior:)` and `take(until:behavior:)` also pass on the element that
/// ends them.
public enum TakeBehavior: Sendable {
    /// Pass on the element that ends the sequence (the first to fail `while`, or to meet
    /// `until`), then complete.
    case inclusive
    /// Complete without the element that ends the sequence.
    case exclusive
}
