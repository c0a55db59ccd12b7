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
    }

    /// Subscribes `observer` through ``run(_:cancel:)``.
    public final override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
    where Observer.Element == Element {
        if !CurrentThreadScheduler.isScheduleRequired {
            return subscribeNow(observer)
        }
        return CurrentThreadScheduler.instance.schedule(observer) { observer in
            self.subscribeNow(observer)
        }
    }

    private func subscribeNow<Observer: ObserverType>(_ observer: Observer) -> SinkDisposer
    where Observer.Element == Element {
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
