import RxCore

/// A sink that handles each element in ``/RxCore/ObserverType/onNext(_:)`` and passes terminal events
/// straight on, ending the subscription: the event routing most operators share.
///
/// Conforming sinks get ``on(_:)``, ``onCompleted()`` and ``onError(_:)`` from the extension
/// below; ``OperatorSink`` provides the two forwarding methods.
protocol TerminalEventForwarding: ObserverType, AnyObject {
    /// Sends `error` downstream and ends the subscription.
    func forwardError(_ error: any Swift.Error)

    /// Sends completion downstream and ends the subscription.
    func forwardCompleted()
}

extension TerminalEventForwarding {
    /// Routes an element to ``/RxCore/ObserverType/onNext(_:)`` and a terminal event downstream.
    // Always inlined, as the two methods below are.
    @inline(__always)
    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let error):
            forwardError(error)
        case .completed:
            forwardCompleted()
        }
    }

    /// Passes completion downstream, as `on(.completed)` does, without an `Event`.
    // Always inlined into each sink's witness, where the sink's class is known, so that the
    // call needs no witness table for this protocol, which the runtime would look up for a
    // generic sink.
    @inline(__always)
    func onCompleted() {
        forwardCompleted()
    }

    /// Passes `error` downstream, as `on(.error(error))` does, without an `Event`.
    @inline(__always)
    func onError(_ error: any Swift.Error) {
        forwardError(error)
    }
}
