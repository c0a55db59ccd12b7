/// What a `Maybe` sends: `.success` with its element, `.completed` without one, or `.error`.
///
/// Declared here, beside ``Event``, rather than with the traits in `RxOperators`, so that the
/// test support module, which does not depend on the operators, can compare and assert on it.
@frozen public enum MaybeEvent<Element> {
    /// The one element; the sequence has ended.
    case success(Element)

    /// The sequence failed with this error.
    case error(any Swift.Error)

    /// The sequence ended without an element.
    case completed
}
