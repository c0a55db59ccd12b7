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

    /// The subscription's disposer, disposed with the sink.
    ///
    /// When another sink, or an operator that subscribes again (`retry`, `concat`), holds this
    /// sink directly, there is no disposer and this one never reports being disposed: to know
    /// whether the subscription has ended, read ``isDisposed``.
    public final let disposer: any Cancelable

    /// The subscription's disposer, under the name of `run(_:cancel:)`'s parameter.
    @available(*, deprecated, renamed: "disposer")
    public final var cancel: any Cancelable { disposer }

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
        self.disposer = cancel
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

    /// Stops forwarding, disposes the upstream subscription, then ``disposer``. Subclasses that
    /// hold more resources override this and call `super.dispose()`.
    open func dispose() {
        disposedFlag.store(true, ordering: .relaxed)
        disposeUpstream()
        disposer.dispose()
    }

    /// Takes `subscription` as the upstream this sink disposes, and releases, when it is
    /// disposed; disposes it at once when the sink was disposed first. Producers call
    /// ``SinkType/subscribe(to:)`` or ``SinkType/holding(_:)``, which call this.
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
