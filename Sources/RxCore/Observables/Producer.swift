import RxDisposables

/// The base class for observable sequences that create one ``Sink`` per subscription.
///
/// A subclass overrides ``run(_:cancel:)``: it builds its sink around the observer, starts it,
/// and returns the sink with its upstream subscription. ``subscribe(_:)`` wraps the pair in a
/// ``/RxDisposables/SinkDisposer`` and, when no ``CurrentThreadScheduler`` trampoline runs on this thread yet,
/// runs everything inside one, so that work scheduled while subscribing runs in order after it.
open class Producer<Element>: Observable<Element> {
    /// Creates the producer.
    public override init() {
        super.init()
        subscriptionsDisposeOnce = true
    }

    /// Declares, from a subclass's initialiser, that its ``run(_:cancel:)`` lets the sink hold
    /// the upstream subscription (`UpstreamHolding.holding(_:)`) and returns a no-op subscription, and
    /// that its sink accepts a `cancel` that does nothing. A sink of this package that
    /// subscribes to it (`Observable.subscribeSink(_:)`) then holds that sink directly.
    package final func linkSinks() {
        linksSinks = true
    }

    /// Subscribes `observer` through ``run(_:cancel:)``.
    public final override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
    where Observer.Element == Element {
        subscribe(observer, linked: false)
    }

    /// Subscribes a sink that will hold the returned disposable, which is this producer's sink
    /// itself, with no disposer around it. Only for producers that called `linkSinks()`.
    package final func subscribeLinked<Observer: ObserverType>(_ observer: Observer) -> any Disposable
    where Observer.Element == Element {
        subscribe(observer, linked: true)
    }

    private func subscribe<Observer: ObserverType>(_ observer: Observer, linked: Bool) -> any Disposable
    where Observer.Element == Element {
        // When no trampoline runs on this thread, subscribing starts one, so that what the
        // subscription schedules runs, in order, after it.
        CurrentThreadScheduler.runNow { subscribeNow(observer, linked: linked) }
    }

    private func subscribeNow<Observer: ObserverType>(_ observer: Observer, linked: Bool) -> any Disposable
    where Observer.Element == Element {
        if linked {
            // The sink holds its upstream and its subscriber holds the sink; no disposer needed.
            return run(observer, cancel: LinkedSinkCancel.instance).sink
        }
        let disposer = SinkDisposer()
        let sinkAndSubscription = run(observer, cancel: disposer)
        disposer.setSinkAndSubscription(sink: sinkAndSubscription.sink, subscription: sinkAndSubscription.subscription)
        return disposer
    }

    /// Builds this sequence's sink for one subscription and starts it.
    ///
    /// - Parameters:
    ///   - observer: receives the events.
    ///   - cancel: the subscription's disposer; the sink disposes it to end the subscription
    ///     (``Sink`` does this in ``Sink/dispose()``).
    /// - Returns: the sink and the disposable of whatever it subscribed to or scheduled.
    open func run<Observer: ObserverType>(
        _ observer: Observer, cancel: any Cancelable
    ) -> (sink: any Disposable, subscription: any Disposable) where Observer.Element == Element {
        rxAbstractMethod()
    }
}
