// @unchecked Sendable: `sink`/`subscription` are ordered by `handOff` (written before, read after it).
/// The disposable a `Producer` hands back for one subscription: it owns the operator's sink (and,
/// when given one, a subscription of the sink's), and disposes them once.
///
/// They are set once, after the producer's `run` returns. A dispose that arrives earlier
/// (for example from inside `run`, when the source completes synchronously) is remembered and
/// carried out the moment they are set. Setting them twice is a programmer error.
public final class SinkDisposer: Cancelable, @unchecked Sendable {
    private static let secondSet = "SinkDisposer: the sink was set a second time"

    private let handOff = DisposalHandOff()
    // `handOff` keeps every access to these two apart.
    private var sink: (any Disposable)?
    private var subscription: (any Disposable)?

    /// A disposer waiting for its sink and subscription.
    public init() {}

    /// Whether ``dispose()`` has been called.
    public var isDisposed: Bool {
        handOff.isDisposed
    }

    /// Hands over the sink and its subscription; disposes them at once when ``dispose()`` came first.
    ///
    /// - Precondition: called at most once.
    public func setSinkAndSubscription(sink: any Disposable, subscription: any Disposable) {
        // Disposed already (the source finished inside `run`): the two are disposed without
        // being stored first, which saves storing and clearing two existentials.
        if handOff.arrivesDisposed(secondArrival: Self.secondSet) {
            sink.dispose()
            subscription.dispose()
            return
        }
        self.sink = sink
        self.subscription = subscription
        if handOff.publishArrival(secondArrival: Self.secondSet) {
            disposeMembers()
        }
    }

    /// Hands over a sink that holds its own upstream subscription, as every `Producer`'s sink
    /// does; disposes it at once when ``dispose()`` came first.
    ///
    /// - Precondition: called at most once, and not after ``setSinkAndSubscription(sink:subscription:)``.
    public func setSink(_ sink: any Disposable) {
        if handOff.arrivesDisposed(secondArrival: Self.secondSet) {
            sink.dispose()
            return
        }
        self.sink = sink
        if handOff.publishArrival(secondArrival: Self.secondSet) {
            disposeMembers()
        }
    }

    /// Disposes the sink, then the subscription; or marks them to be disposed when they arrive.
    public func dispose() {
        if handOff.requestDisposal() {
            disposeMembers()
        }
    }

    private func disposeMembers() {
        let sink = self.sink
        let subscription = self.subscription
        self.sink = nil
        self.subscription = nil
        sink?.dispose()
        subscription?.dispose()
    }
}
