import RxCore
import RxDisposables
import RxOperators

extension ControlProperty {
    /// The property's values as a ``Driver``.
    public func asDriver() -> Driver<Element> {
        asDriver(onErrorRecover: controlNeverFails, isolation: nil)
    }
}

extension ControlEvent {
    /// The events as a ``Driver``.
    public func asDriver() -> Driver<Element> {
        asDriver(onErrorRecover: controlNeverFails, isolation: nil)
    }

    /// The events as a ``Signal``.
    public func asSignal() -> Signal<Element> {
        asSignal(onErrorRecover: controlNeverFails, isolation: nil)
    }
}

/// What a control's sequence turned into a shared sequence does with an error it should never
/// send: stops a debug build, and ends quietly in a release build.
private func controlNeverFails<S: SharingStrategyProtocol, Element>(_ error: any Swift.Error) -> SharedSequence<
    S, Element
> {
    #if DEBUG
        rxFatalError("A control's sequence, which never fails, sent an error: \(error)")
    #else
        return .empty()
    #endif
}
