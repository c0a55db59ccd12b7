import RxDisposables

/// What ``Producer/run(_:cancel:)`` returns: the receipt that the subscription's sink is
/// started and holds its upstream subscription, which disposing the sink disposes.
///
/// Only a sink makes one, through ``SinkType/subscribe(to:)`` or
/// ``SinkType/holding(_:)``, so a producer cannot start a sink without handing it the
/// subscription it must dispose: disposing the sink disposes its upstream, whoever holds the sink.
public struct SubscribedSink {
    /// The sink; disposing it ends the subscription.
    @usableFromInline
    let sink: any Disposable

    @usableFromInline
    init(_ sink: any Disposable) {
        self.sink = sink
    }
}

/// The former name of ``SubscribedSink``.
@available(*, deprecated, renamed: "SubscribedSink")
public typealias RunningSink = SubscribedSink
