/// What a `Completable` sends: `.completed` or `.error`.
///
/// Declared here, beside ``Event``, rather than with the traits in `RxOperators`, so that the
/// test support module, which does not depend on the operators, can compare and assert on it.
@frozen public enum CompletableEvent {
    /// The sequence failed with this error.
    case error(any Swift.Error)

    /// The sequence completed.
    case completed
}
