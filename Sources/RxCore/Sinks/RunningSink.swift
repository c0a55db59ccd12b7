import RxDisposables

/// What ``Producer/run(_:cancel:)`` returns: the subscription's sink, started and holding its
/// upstream subscription.
///
/// Only a sink makes one, through ``UpstreamHolding/subscribe(to:)`` or
/// ``UpstreamHolding/holding(_:)``, so a producer cannot start a sink without handing it the
/// subscription it must dispose: disposing the sink disposes its upstream, whoever holds the sink.
public struct RunningSink {
    /// The sink; disposing it ends the subscription.
    @usableFromInline
    let sink: any Disposable

    @usableFromInline
    init(_ sink: any Disposable) {
        self.sink = sink
    }
}
