import Synchronization

extension AnonymousObserver: ElementObserver {
    /// Calls the event handler with `.next(element)` unless the observer has stopped, as
    /// ``ObserverBase/on(_:)`` does, without first inspecting an ``Event``.
    @inlinable
    package func onNextElement(_ element: Element) {
        if !stopped.load(ordering: .relaxed) {
            eventHandler(.next(element))
        }
    }
}
