import Synchronization

extension Atomic where Value == Bool {
    /// Whether `event` may pass a gate that lets elements through until it closes and closes on
    /// the first terminal event, letting exactly that one through. `self` is the closed flag.
    ///
    /// The one check behind "nothing after a terminal event", for every observer that has to
    /// enforce the grammar against a source it does not control.
    @inlinable
    package func admits<Element>(_ event: Event<Element>) -> Bool {
        switch event {
        case .next:
            !load(ordering: .relaxed)
        case .error, .completed:
            !exchange(true, ordering: .acquiringAndReleasing)
        }
    }
}
