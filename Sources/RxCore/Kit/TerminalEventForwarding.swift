/// A sink that handles each element in ``ObserverType/onNext(_:)`` and passes terminal events
/// straight on, ending the subscription: the event routing most operators share.
///
/// A ``Sink`` subclass that adopts it writes only `onNext(_:)`; the extension below provides
/// `on(_:)`, `onCompleted()` and `onError(_:)`, and ``Sink`` provides the two requirements.
public protocol TerminalEventForwarding: ObserverType, AnyObject {
    /// Passes `error` downstream and ends the subscription.
    func forwardErrorAndDispose(_ error: any Swift.Error)

    /// Passes completion downstream and ends the subscription.
    func forwardCompletedAndDispose()
}

extension TerminalEventForwarding {
    /// Routes an element to ``ObserverType/onNext(_:)`` and a terminal event downstream.
    @inlinable @inline(__always)
    public func on(_ event: Event<Element>) {
        // Always inlined, as the two methods below are.
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let error):
            forwardErrorAndDispose(error)
        case .completed:
            forwardCompletedAndDispose()
        }
    }

    /// Passes completion downstream, as `on(.completed)` does, without an `Event`.
    @inlinable @inline(__always)
    public func onCompleted() {
        // Always inlined into each sink's witness, where the sink's class is known, so that the
        // call needs no witness table for this protocol, which the runtime would look up for a
        // generic sink.
        forwardCompletedAndDispose()
    }

    /// Passes `error` downstream, as `on(.error(error))` does, without an `Event`.
    @inlinable @inline(__always)
    public func onError(_ error: any Swift.Error) {
        forwardErrorAndDispose(error)
    }
}
