import RxDisposables

/// The base class of every observable sequence, and the type operators return.
///
/// Subclass ``Producer`` rather than this class to write a new kind of sequence: it provides
/// the subscription machinery (the trampoline and the ``/RxDisposables/SinkDisposer``).
open class Observable<Element>: ObservableType {
    /// Creates the sequence; counted by ``Resources/total`` in debug builds.
    public init() {
        Resources.trackAllocation()
    }

    /// Subclasses must override this; the base class has no events to deliver.
    open func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
    where Observer.Element == Element {
        rxAbstractMethod()
    }

    /// Returns `self`.
    public final func asObservable() -> Observable<Element> {
        self
    }

    deinit {
        Resources.trackDeallocation()
    }
}
