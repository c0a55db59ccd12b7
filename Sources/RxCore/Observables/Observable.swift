import RxDisposables

/// The base class of every observable sequence, and the type operators return.
///
/// Subclass ``Producer`` rather than this class to write a new kind of sequence: it provides
/// the subscription machinery (the trampoline and the ``/RxDisposables/SinkDisposer``).
open class Observable<Element>: ObservableType {
    // Whether this is a `Producer` whose sinks hold their own upstream subscription, so that a
    // sink subscribing to it can hold that sink directly (see `subscribeSink(_:)`). Set only by
    // `Producer.linkSinks()`, while the producer is being initialised.
    final var linksSinks = false

    // Whether every disposable `subscribe(_:)` returns disposes once however often, and from
    // whichever threads, it is disposed: true of a `Producer`, whose subscriptions are
    // `SinkDisposer`s. Set only by `Producer`'s initialiser.
    final var subscriptionsDisposeOnce = false

    /// Creates the sequence; counted by ``Resources/total`` in debug builds.
    public init() {
        Resources.trackAllocation(self)
    }

    /// Subclasses must override this; the base class has no events to deliver.
    open func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
    where Observer.Element == Element {
        rxAbstractMethod()
    }

    /// Subscribes a sink of one of this package's operators, which holds the returned
    /// disposable as its upstream subscription and disposes it when the sink is disposed.
    ///
    /// Where this sequence is a producer that links sinks, the returned disposable is its sink
    /// itself, with no ``/RxDisposables/SinkDisposer`` in between: the downstream sink releases
    /// it on disposal, as the disposer would. Anything else is subscribed as usual.
    package final func subscribeSink<Observer: ObserverType>(_ sink: Observer) -> any Disposable
    where Observer.Element == Element {
        if linksSinks {
            return unsafeDowncast(self, to: Producer<Element>.self).subscribeLinked(sink)
        }
        return subscribe(sink)
    }

    /// Returns `self`.
    public final func asObservable() -> Observable<Element> {
        self
    }

    deinit {
        Resources.trackDeallocation(self)
    }
}
