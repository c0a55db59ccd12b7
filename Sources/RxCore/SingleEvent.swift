/// What a `Single` sends: `.success` with its element, or `.failure` with an error.
///
/// Declared here, beside ``Event``, rather than with the traits in `RxOperators`, so that the
/// test support module, which does not depend on the operators, can assert on it.
public typealias SingleEvent<Element> = Result<Element, any Swift.Error>
