import RxDisposables

/// The base class of every observable sequence, and the type operators return.
///
/// Subclass ``Producer`` rather than this class to write a new kind of sequence: it provides
/// the subscription machinery (the trampoline and the ``/RxDisposables/SinkDisposer``).
open class Observable<Element>: ObservableType {
    /// Creates the sequence; counted by ``Resources/total`` in debug builds.
    public init() {
        Resources.trackAllocation(self)
    }

    /// Subclasses must override this; the base class has no events to deliver.
    open func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
    where Observer.Element == Element {
        rxAbstractMethod()
    }

    /// Subscribes `sink` for a holder that keeps the returned disposable and disposes it when it
    /// is done with it: a sink's upstream (``SinkType/subscribe(to:)``), or the current
    /// attempt of a sink that subscribes to one source after another. A ``Producer`` returns its
    /// own sink, with no ``/RxDisposables/SinkDisposer`` in between; any other sequence is
    /// subscribed as usual.
    ///
    /// The holder must dispose what this returns once it lets go of it: nothing else ends the
    /// producer's sink.
    @usableFromInline
    package func subscribeAsUpstream<Observer: ObserverType>(_ sink: Observer) -> any Disposable
    where Observer.Element == Element {
        subscribe(sink)
    }

    /// Whether every disposable ``subscribe(_:)`` returns disposes once, however often and from
    /// whichever threads it is disposed: true of a ``Producer``, whose subscriptions are
    /// ``/RxDisposables/SinkDisposer``s.
    @usableFromInline
    var disposesSubscriptionsOnce: Bool {
        false
    }

    /// Returns `self`.
    public final func asObservable() -> Observable<Element> {
        self
    }

    deinit {
        Resources.trackDeallocation(self)
    }
}

/// Another name for ``Observable``, for files that also see a type named `Observable` from
/// another module (Observation's macro, say) and need to tell them apart.
public typealias RxObservable<Element> = Observable<Element>
