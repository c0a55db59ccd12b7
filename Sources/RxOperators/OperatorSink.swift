import RxCore
import RxDisposables

/// The base of this module's sinks: a ``/RxCore/Sink`` that remembers whether its downstream
/// observer takes bare elements, so that `next` events cross each operator without an `Event`
/// being built or inspected (see `ElementObserver` in RxCore).
///
/// The downstream observer is checked once, when the sink is created; after that, forwarding
/// an element costs one call. Terminal events still travel as events, built out of line by
/// ``forwardError(_:)`` and ``forwardCompleted()``, so that code on the per-element path never
/// asks the runtime for the event type.
class OperatorSink<Observer: ObserverType>: Sink<Observer> {
    private final let elementReceiver: (any ElementObserver<Observer.Element>)?

    override init(observer: Observer, cancel: any Cancelable) {
        elementReceiver = observer as? any ElementObserver<Observer.Element>
        super.init(observer: observer, cancel: cancel)
    }

    /// Delivers `element` downstream, exactly as `forwardOn(.next(element))` does.
    @inline(__always)
    final func forwardNext(_ element: Observer.Element) {
        forwardNext(element, to: elementReceiver)
    }

    /// Sends `error` downstream and ends the subscription.
    @inline(never)
    final func forwardError(_ error: any Swift.Error) {
        forwardOn(.error(error))
        dispose()
    }

    /// Sends completion downstream and ends the subscription.
    @inline(never)
    final func forwardCompleted() {
        forwardOn(.completed)
        dispose()
    }
}
