/// A resource that can be released: a subscription, a scheduled action, a timer.
///
/// Calling ``dispose()`` more than once is harmless; every type in this module releases its
/// resource exactly once, whichever thread calls it.
public protocol Disposable {
    /// Releases the resource. Later calls do nothing.
    func dispose()
}
