import RxDisposables

/// What every ``Sink`` is: the holder of its upstream subscription, which it disposes when it is
/// disposed. Its extension has the two calls that end a producer's ``Producer/run(_:cancel:)``.
///
/// A protocol, as `ObserverType` is to observers, rather than methods of `Sink`, so that in its
/// extension `Self` is the operator's own sink class: ``holding(_:)`` then hands that sink on
/// as a disposable with the type the producer already knows, and ``subscribe(to:)`` can require
/// the sink to observe the source's elements.
public protocol SinkType: Disposable {
    /// Takes `subscription` as the upstream to dispose, and release, when the sink is disposed;
    /// disposes it at once when the sink was disposed first. Call ``holding(_:)`` or
    /// ``subscribe(to:)`` instead, which also make what `run` returns.
    ///
    /// - Precondition: called at most once per sink.
    func holdUpstream(_ subscription: any Disposable)
}

extension SinkType {
    /// Holds `subscription` as this sink's upstream (whatever the sink subscribed to or
    /// scheduled, several in a `CompositeDisposable`) and returns the sink as
    /// ``Producer/run(_:cancel:)`` returns it.
    ///
    /// A protocol extension, always inlined, so that `Self` is the operator's own sink type,
    /// whose metadata `run` already has: turning the sink into `any Disposable` then asks the
    /// runtime for nothing.
    ///
    /// - Precondition: called at most once per sink.
    @inlinable @inline(__always)
    public func holding(_ subscription: any Disposable) -> SubscribedSink {
        holdUpstream(subscription)
        return SubscribedSink(self)
    }
}

extension SinkType where Self: ObserverType {
    /// Subscribes this sink to `source` and holds the subscription as its upstream: the usual
    /// last line of ``Producer/run(_:cancel:)``.
    ///
    /// When `source` is itself a ``Producer``, its sink is handed back with no
    /// ``/RxDisposables/SinkDisposer`` around it: this sink holds it and disposes it, as a
    /// disposer would.
    ///
    /// - Precondition: called at most once per sink.
    @inlinable @inline(__always)
    public func subscribe(to source: Observable<Element>) -> SubscribedSink {
        holding(source.subscribeHeld(self))
    }
}

extension Sink: SinkType {}

/// The former name of ``SinkType``.
@available(*, deprecated, renamed: "SinkType")
public typealias UpstreamHolding = SinkType
