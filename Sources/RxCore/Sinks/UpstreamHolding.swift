import RxDisposables

/// A sink that holds its upstream subscription itself; see `Producer.linkSinks()`.
package protocol UpstreamHolding: Disposable {
    /// Takes `subscription` as the upstream to dispose, and release, when the sink is disposed.
    func holdUpstream(_ subscription: any Disposable)
}

extension UpstreamHolding {
    /// Holds `subscription` (see ``holdUpstream(_:)``) and returns what the ``Producer/run(_:cancel:)``
    /// of a producer that called `Producer.linkSinks()` returns: this sink, and a subscription
    /// that does nothing.
    ///
    /// A protocol extension, inlined, so that `Self` is the operator's own sink type, whose
    /// metadata its `run` already has: turning the sink into `any Disposable` then asks the
    /// runtime for nothing.
    ///
    /// - Precondition: called at most once.
    @inlinable @inline(__always)
    package func holding(_ subscription: any Disposable) -> (sink: any Disposable, subscription: any Disposable) {
        holdUpstream(subscription)
        return (sink: self, subscription: Disposables.create())
    }
}

extension Sink: UpstreamHolding {}
