/// A base class for your own disposables and observers that counts its live instances in
/// ``Resources/total``, as the framework's own classes count theirs, so that leak checks see
/// them too. Counting happens in debug builds only.
open class DisposeBase {
    /// Counts the new instance.
    public init() {
        Resources.trackAllocation(self)
    }

    deinit {
        Resources.trackDeallocation(self)
    }
}
