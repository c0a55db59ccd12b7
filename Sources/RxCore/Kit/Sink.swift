import RxDisposables
import Synchronization

/// The per-subscription half of an operator, the kit's sink half: it receives events from
/// upstream (or makes them), and forwards its own to the downstream observer.
///
/// Forwarding is named by its effect. ``forwardNext(_:)`` and ``forwardOn(_:)`` pass an event
/// along; ``forwardErrorAndDispose(_:)`` and ``forwardCompletedAndDispose()`` pass a terminal
/// event along and end the subscription, which disposes the upstream. Once disposed, the sink
/// forwards nothing more. A sink that only handles elements adopts ``TerminalEventForwarding``
/// for its terminal events.
///
/// The sink is generic over its downstream observer, so a chain of operators is a chain of
/// concrete types with no type-erased observer between them.
open class Sink<Observer: ObserverType>: Disposable {
    // Declared first, before anything whose size depends on `Observer`, so that its offset is a
    // constant: each hop of each element reads it without looking the offset up in the
    // metadata.
    @usableFromInline
    final let disposedFlag = Atomic<Bool>(false)

    /// What ends the subscription, disposed with the sink: the subscription's
    /// ``/RxDisposables/SinkDisposer``, as ``Producer/run(_:cancel:)`` handed it over.
    ///
    /// When another sink, or an operator that subscribes again (`retry`, `concat`), holds this
    /// sink directly, there is no disposer, and this one does nothing and never reports being
    /// disposed: to know whether the subscription has ended, read ``isDisposed``.
    public final let cancel: any Cancelable

    // The upstream subscription the sink holds (`holdUpstream(_:)`), handed over and disposed in
    // the order `upstreamHandOff` keeps, as `SinkDisposer` keeps its sink. That order is also what
    // keeps the accesses to `upstream` apart, so the runtime's exclusivity check, a call on every
    // access, is left out.
    private final let upstreamHandOff = DisposalHandOff()
    @exclusivity(unchecked)
    private final var upstream: (any Disposable)?

    #if DEBUG
        @usableFromInline
        final let synchronizationTracker = SynchronizationTracker()
    #endif

    // Last: its size depends on `Observer`, and so do the offsets of whatever follows it.
    /// The downstream observer.
    public final let observer: Observer

    /// Creates the sink; counted by ``Resources/total`` in debug builds.
    public init(observer: Observer, cancel: any Cancelable) {
        self.observer = observer
        self.cancel = cancel
        Resources.trackAllocation(self)
    }

    /// Delivers `event` downstream unless the sink has been disposed.
    ///
    /// In debug builds, delivering from two threads at once, or reentrantly on one thread (an
    /// event sent from inside a delivery, whether it is delivered nested or held back and passed
    /// on once the delivery returned), is reported through ``Hooks/synchronizationErrorHandler``,
    /// once per sink.
    @inlinable
    public final func forwardOn(_ event: Event<Observer.Element>) {
        deliver(DeliveredEvent(event)) { $0.on(event) }
    }

    /// Runs `send` with the observer unless the sink has been disposed; in debug builds, inside
    /// the synchronization check, which names `event` if it reports. What every `forward…`
    /// method does around its own call.
    // Always inlined, with `send`: on the element path it is a load, a branch and the call.
    @inlinable @inline(__always)
    final func deliver(_ event: DeliveredEvent, _ send: (Observer) -> Void) {
        #if DEBUG
            defer { synchronizationTracker.unregister() }
            if let overlap = synchronizationTracker.register() {
                synchronizationTracker.report(overlap, of: event, in: self, elementType: Observer.Element.self) {
                    if !disposedFlag.load(ordering: .relaxed) {
                        send(observer)
                    }
                }
                return
            }
        #endif
        if disposedFlag.load(ordering: .relaxed) {
            return
        }
        send(observer)
    }

    /// Whether ``dispose()`` has been called.
    @inlinable
    public final var isDisposed: Bool {
        disposedFlag.load(ordering: .relaxed)
    }

    /// Stops forwarding, disposes the upstream subscription, then ``cancel``. Subclasses that
    /// hold more resources override this and call `super.dispose()`.
    open func dispose() {
        disposedFlag.store(true, ordering: .relaxed)
        disposeUpstream()
        cancel.dispose()
    }

    /// Takes `subscription` as the upstream this sink disposes, and releases, when it is
    /// disposed; disposes it at once when the sink was disposed first. Producers call
    /// ``SinkType/subscribe(to:)`` or ``SinkType/holding(_:)``, below, which call this.
    ///
    /// - Precondition: called at most once.
    public final func holdUpstream(_ subscription: any Disposable) {
        let secondHold = "Sink.holdUpstream(_:) was called a second time"
        // A source that finished while being subscribed has disposed the sink already: then
        // the subscription is disposed without being stored first.
        if upstreamHandOff.arrivesDisposed(secondArrival: secondHold) {
            subscription.dispose()
            return
        }
        upstream = subscription
        if upstreamHandOff.publishArrival(secondArrival: secondHold) {
            upstream = nil
            subscription.dispose()
        }
    }

    private final func disposeUpstream() {
        guard upstreamHandOff.requestDisposal() else { return }
        let subscription = upstream
        upstream = nil
        subscription?.dispose()
    }

    deinit {
        Resources.trackDeallocation(self)
    }
}

// The forwarding calls besides `forwardOn(_:)`, named by effect: `forwardNext(_:)` passes an
// element along; `forwardErrorAndDispose(_:)` and `forwardCompletedAndDispose()` pass a terminal
// event along and end the subscription. They call the observer's `onNext(_:)`, `onError(_:)` or
// `onCompleted()`, so that no `Event` is built in code that is generic over the element type
// (see `ObserverType.onNext(_:)`).
extension Sink {
    /// Passes `element` downstream unless the sink has been disposed, exactly as
    /// `forwardOn(.next(element))` does.
    @inlinable @inline(__always)
    public final func forwardNext(_ element: Observer.Element) {
        // Always inlined: it is a load, a branch and the downstream call (see `deliver(_:_:)`), and a
        // call of its own would add a frame to every hop of every element.
        deliver(.next) { $0.onNext(element) }
    }

    /// Passes `error` downstream unless the sink has been disposed, then disposes the sink,
    /// which disposes its upstream subscription.
    @inline(never)
    public final func forwardErrorAndDispose(_ error: any Swift.Error) {
        // Out of line, away from the element path it is called from.
        deliver(.error) { $0.onError(error) }
        dispose()
    }

    /// Passes completion downstream unless the sink has been disposed, then disposes the sink,
    /// which disposes its upstream subscription.
    @inline(never)
    public final func forwardCompletedAndDispose() {
        deliver(.completed) { $0.onCompleted() }
        dispose()
    }
}

/// What every ``Sink`` is: the holder of its upstream subscription, which it disposes when it is
/// disposed. Its extension has the two calls that end a producer's ``Producer/run(_:cancel:)``,
/// each returning the sink as a ``SubscribedSink``.
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
        holding(source.subscribeAsUpstream(self))
    }
}

extension Sink: SinkType {}

/// What ``Producer/run(_:cancel:)`` returns: the subscription's sink, started and holding its
/// upstream subscription, which disposing the sink disposes.
///
/// Only a sink makes one, through ``SinkType/subscribe(to:)`` or ``SinkType/holding(_:)``, so a
/// producer cannot start a sink without handing it the subscription it must dispose: disposing
/// the sink disposes its upstream, whoever holds the sink.
public struct SubscribedSink {
    /// The sink; disposing it ends the subscription.
    @usableFromInline
    let sink: any Disposable

    @usableFromInline
    init(_ sink: any Disposable) {
        self.sink = sink
    }
}
