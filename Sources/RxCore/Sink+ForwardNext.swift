import Synchronization

extension Sink {
    /// Delivers `element` downstream unless the sink has been disposed, exactly as
    /// `forwardOn(.next(element))` does, but through the observer's
    /// ``ObserverType/onNext(_:)``, so that no ``Event`` is built on the per-element path.
    // Always inlined: it is a load, a branch and the downstream call, and a call of its own
    // would add a frame to every hop of every element.
    @inlinable @inline(__always)
    package final func forwardNext(_ element: Observer.Element) {
        #if DEBUG
            synchronizationTracker.register()
            defer { synchronizationTracker.unregister() }
        #endif
        if disposedFlag.load(ordering: .relaxed) {
            return
        }
        observer.onNext(element)
    }
}
