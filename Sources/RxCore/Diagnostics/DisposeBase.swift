/// A base class for your own disposables and observers that counts its live instances in
/// ``Resources/total``, as the framework's own classes count theirs, so that leak checks see
/// them too. Counting happens in debug builds only.
///
/// The name is RxSwift's, kept so that code written for RxSwift compiles unchanged; what the
/// class does is count, which is why it lives with ``Resources`` rather than with the disposables.
open class DisposeBase {
    /// Counts the new instance.
    public init() {
        Resources.trackAllocation(self)
    }

    deinit {
        Resources.trackDeallocation(self)
    }
}
