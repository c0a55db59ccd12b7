import Synchronization

// @unchecked Sendable: `sink`/`subscription` are ordered by the atomic `state` (written before, read after it).
/// The disposable a `Producer` hands back for one subscription: it owns the operator's sink and
/// the sink's upstream subscription, and disposes both once.
///
/// The two are set once, after the producer's `run` returns. A dispose that arrives earlier
/// (for example from inside `run`, when the source completes synchronously) is remembered and
/// carried out the moment they are set. Setting them twice is a programmer error.
public final class SinkDisposer: Cancelable, @unchecked Sendable {
    private static let disposedBit = 1
    private static let setBit = 2

    private let state = Atomic<Int>(0)
    // `state` keeps every access to these two apart, so the runtime's exclusivity check, a call
    // on every access, is left out.
    @exclusivity(unchecked)
    private var sink: (any Disposable)?
    @exclusivity(unchecked)
    private var subscription: (any Disposable)?

    /// A disposer waiting for its sink and subscription.
    public init() {}

    /// Whether ``dispose()`` has been called.
    public var isDisposed: Bool {
        state.load(ordering: .acquiring) & Self.disposedBit != 0
    }

    /// Hands over the sink and its subscription; disposes them at once when ``dispose()`` came first.
    ///
    /// - Precondition: called at most once.
    public func setSinkAndSubscription(sink: any Disposable, subscription: any Disposable) {
        // Disposed already (the source finished inside `run`): dispose the two without storing
        // them first. A disposal after this check finds them stored, as below.
        if state.load(ordering: .acquiring) & Self.disposedBit != 0 {
            if state.bitwiseOr(Self.setBit, ordering: .acquiringAndReleasing).oldValue & Self.setBit != 0 {
                rxFatalError("SinkDisposer.setSinkAndSubscription(sink:subscription:) was called a second time")
            }
            sink.dispose()
            subscription.dispose()
            return
        }
        self.sink = sink
        self.subscription = subscription
        let previous = state.bitwiseOr(Self.setBit, ordering: .acquiringAndReleasing).oldValue
        if previous & Self.setBit != 0 {
            rxFatalError("SinkDisposer.setSinkAndSubscription(sink:subscription:) was called a second time")
        }
        if previous & Self.disposedBit != 0 {
            disposeMembers()
        }
    }

    /// Disposes the sink, then the subscription; or marks them to be disposed when they arrive.
    public func dispose() {
        let previous = state.bitwiseOr(Self.disposedBit, ordering: .acquiringAndReleasing).oldValue
        if previous & Self.disposedBit != 0 { return }
        if previous & Self.setBit != 0 {
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
