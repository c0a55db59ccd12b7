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

    /// Subscribes the observer that `subscribe(onNext:onError:onCompleted:onDisposed:)` made,
    /// or answers `nil` for the caller to subscribe it with ``subscribe(_:)``.
    ///
    /// A subject answers: that observer is made for one subscription and is a subject entry
    /// itself, so the subject keeps it in its list as it is, rather than making an entry around
    /// it. The entry around an observer is generic over the observer's type, and a subject's
    /// `subscribe(_:)` runs in code not specialised for it, where making one asks the runtime
    /// for that type's metadata at every subscription and adds an object to allocate and free.
    /// Any other sequence answers `nil`, which costs a producer one call and no metadata.
    @usableFromInline
    func subscribe(subscriptionObserver observer: SubscriptionObserver<Element>) -> (any Disposable)? {
        nil
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
