import RxDisposables
import Synchronization

/// The base class of observers that must see nothing after a terminal event.
///
/// ``on(_:)`` and ``onNext(_:)`` let elements through until the observer stops, and ``on(_:)``
/// lets through exactly one terminal event; subclasses handle what passes in ``onCore(_:)``.
open class ObserverBase<Element>: Disposable, ObserverType {
    @usableFromInline
    final let gate = TerminalGate()

    /// Creates the observer; counted by ``Resources/total`` in debug builds.
    public init() {
        Resources.trackAllocation(self)
    }

    /// Passes `event` to ``onCore(_:)`` unless the observer has stopped.
    @inlinable
    public final func on(_ event: Event<Element>) {
        if gate.admits(event) {
            onCore(event)
        }
    }

    /// Passes `element` to the observer unless it has stopped, exactly as
    /// `on(.next(element))` does, without building an ``Event`` first.
    @inlinable
    public final func onNext(_ element: Element) {
        if gate.admitsElements {
            onNextCore(element)
        }
    }

    // The element half of `onCore`: this module's observers override it to take an element
    // without an `Event`; any other subclass gets `onCore(.next(element))`, as before.
    @usableFromInline
    func onNextCore(_ element: Element) {
        onCore(.next(element))
    }

    /// Handles an event that passed the grammar check. Subclasses must override it.
    open func onCore(_ event: Event<Element>) {
        rxAbstractMethod()
    }

    /// Stops the observer: later events are ignored.
    public func dispose() {
        gate.close()
    }

    deinit {
        Resources.trackDeallocation(self)
    }
}
