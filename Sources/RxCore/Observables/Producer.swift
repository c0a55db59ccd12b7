import RxDisposables

/// The base class for observable sequences that create one ``Sink`` per subscription: the
/// operator kit's producer half.
///
/// A subclass overrides ``run(_:cancel:)``: it builds its sink around the observer and starts it,
/// ending with `sink.subscribe(to: source)` or `sink.holding(whatItScheduled)`, which hand the
/// sink its upstream subscription (see ``SubscribedSink``). ``subscribe(_:)`` runs everything inside
/// the current thread's ``CurrentThreadScheduler`` trampoline, starting one when none runs yet,
/// so that work scheduled while subscribing runs in order after it, and hands back a
/// ``/RxDisposables/SinkDisposer`` that owns the sink. A sink that subscribes to a producer
/// holds that producer's sink directly instead, with no disposer in between.
open class Producer<Element>: Observable<Element> {
    /// Creates the producer.
    public override init() {
        super.init()
    }

    /// Subscribes `observer` through ``run(_:cancel:)``.
    public final override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
    where Observer.Element == Element {
        // When no trampoline runs on this thread, subscribing starts one, so that what the
        // subscription schedules runs, in order, after it.
        CurrentThreadScheduler.runNow {
            let disposer = SinkDisposer()
            disposer.setSink(run(observer, cancel: disposer).sink)
            return disposer
        }
    }

    // A sink subscribing holds this producer's sink and disposes it, so no disposer is made: the
    // sink's `cancel` does nothing.
    final override package func subscribeAsUpstream<Observer: ObserverType>(_ sink: Observer) -> any Disposable
    where Observer.Element == Element {
        CurrentThreadScheduler.runNow { run(sink, cancel: NopCancelable.instance).sink }
    }

    final override var disposesSubscriptionsOnce: Bool {
        true
    }

    /// Builds this sequence's sink for one subscription and starts it.
    ///
    /// - Parameters:
    ///   - observer: receives the events.
    ///   - cancel: what the sink disposes, with itself, to end the subscription; pass it to the
    ///     sink's initialiser (``Sink`` disposes it in ``Sink/dispose()``).
    /// - Returns: the started sink, from `sink.subscribe(to: source)` or
    ///   `sink.holding(subscription)`.
    open func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Element {
        rxAbstractMethod()
    }
}

/// What a sink gets as its `cancel` when there is no ``/RxDisposables/SinkDisposer``: a sink that
/// another sink holds as its upstream is disposed, and released, by that sink, so there is
/// nothing more to dispose.
final class NopCancelable: Cancelable, Sendable {
    static let instance = NopCancelable()

    private init() {}

    var isDisposed: Bool { false }

    func dispose() {}
}
