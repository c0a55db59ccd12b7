import Synchronization

/// The order between handing a disposer what it disposes, once, and disposing it, from any
/// thread: whichever of the two comes second disposes what was handed over, and exactly once.
///
/// Behind ``SinkDisposer`` and the upstream slot of a `Sink`. The owner keeps what is handed
/// over in its own stored properties: it stores them between ``arrivesDisposed(secondArrival:)``
/// and ``publishArrival(secondArrival:)``, and reads them only once ``publishArrival(secondArrival:)``
/// or ``requestDisposal()`` says so, which is what keeps those accesses apart.
@usableFromInline
package struct DisposalHandOff: ~Copyable, Sendable {
    // Bit 1 once disposal was asked for, bit 2 once the members were handed over.
    @usableFromInline
    let state = Atomic<Int>(0)

    /// Nothing handed over, no disposal asked for.
    @inlinable
    package init() {}

    /// Whether disposal was asked for.
    @inlinable
    package var isDisposed: Bool {
        state.load(ordering: .acquiring) & 1 != 0
    }

    /// Called before the members are stored. `true` when disposal came first: the hand-over is
    /// recorded, and the caller disposes the members without storing them. `false` otherwise,
    /// and the caller stores them and calls ``publishArrival(secondArrival:)``.
    ///
    /// Stops with `message` when the members were handed over before.
    @inlinable
    package func arrivesDisposed(secondArrival message: String) -> Bool {
        guard state.load(ordering: .acquiring) & 1 != 0 else { return false }
        _ = publishArrival(secondArrival: message)
        return true
    }

    /// Called once the members are stored. `true` when disposal was asked for in the meantime:
    /// the caller then takes the members back and disposes them.
    ///
    /// Stops with `message` when the members were handed over before.
    @inlinable
    package func publishArrival(secondArrival message: String) -> Bool {
        let previous = state.bitwiseOr(2, ordering: .acquiringAndReleasing).oldValue
        if previous & 2 != 0 {
            rxFatalError(message)
        }
        return previous & 1 != 0
    }

    /// Asks for disposal. `true` when this is the first request and the members are stored:
    /// the caller takes them and disposes them. Otherwise they were disposed already, or will
    /// be when they arrive.
    @inlinable
    package func requestDisposal() -> Bool {
        state.bitwiseOr(1, ordering: .acquiringAndReleasing).oldValue == 2
    }
}
