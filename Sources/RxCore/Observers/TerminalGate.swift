import Synchronization

/// The one check behind "nothing after a terminal event": open to elements until the first
/// terminal event, which it lets through exactly once, whichever threads race to send one.
///
/// Every observer or sink that has to enforce the event grammar against a source it does not
/// control (a `create` closure, a custom ``ObservableType``, a scheduler that runs late) keeps one.
public struct TerminalGate: ~Copyable, Sendable {
    @usableFromInline
    let closed = Atomic<Bool>(false)

    /// An open gate.
    @inlinable
    public init() {}

    /// Whether an element may pass: no terminal event has passed, and ``close()`` was not called.
    @inlinable
    public var admitsElements: Bool {
        !closed.load(ordering: .relaxed)
    }

    /// Whether a terminal event may pass; closes the gate. Exactly one call ever answers `true`.
    @inlinable
    public func admitsTerminalEvent() -> Bool {
        !closed.exchange(true, ordering: .acquiringAndReleasing)
    }

    /// Whether `event` may pass: ``admitsElements`` for an element, ``admitsTerminalEvent()`` for
    /// a terminal event.
    @inlinable
    public func admits<Element>(_ event: Event<Element>) -> Bool {
        switch event {
        case .next:
            admitsElements
        case .error, .completed:
            admitsTerminalEvent()
        }
    }

    /// Closes the gate without a terminal event, as disposing an observer does.
    @inlinable
    public func close() {
        closed.store(true, ordering: .releasing)
    }
}
