import Synchronization

extension Sink {
    /// Delivers `element` downstream unless the sink has been disposed, exactly as
    /// `forwardOn(.next(element))` does, but through `receiver` when the downstream observer
    /// takes bare elements, so that no ``Event`` is built (see ``ElementObserver``).
    ///
    /// - Parameter receiver: the downstream observer as an ``ElementObserver``, when it is one;
    ///   sinks look this up once, when they are created.
    @inlinable
    package final func forwardNext(
        _ element: Observer.Element, to receiver: (any ElementObserver<Observer.Element>)?
    ) {
        #if DEBUG
            synchronizationTracker.register()
            defer { synchronizationTracker.unregister() }
        #endif
        if disposedFlag.load(ordering: .relaxed) {
            return
        }
        if let receiver {
            receiver.onNextElement(element)
        } else {
            deliverNextAsEvent(element)
        }
    }

    // Out of line so that the event type's metadata, which only this path needs, is not looked
    // up on every call of `forwardNext`.
    @usableFromInline
    @inline(never)
    final func deliverNextAsEvent(_ element: Observer.Element) {
        observer.on(.next(element))
    }
}
