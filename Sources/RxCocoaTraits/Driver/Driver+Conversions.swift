import RxCore
import RxOperators
import RxRelay

extension InfallibleType {
    /// This sequence as a ``Driver``, delivered on the main scheduler.
    public func asDriver() -> Driver<Element> {
        SharedSequence(asObservable().observe(on: DriverSharingStrategy.scheduler))
    }
}

extension BehaviorRelay {
    /// The relay's value and its changes as a ``Driver``, delivered on the main scheduler.
    public func asDriver() -> Driver<Element> {
        SharedSequence(asObservable().observe(on: DriverSharingStrategy.scheduler))
    }
}

extension PublishRelay {
    /// The relay's elements as a ``Signal``, delivered on the main scheduler.
    public func asSignal() -> Signal<Element> {
        SharedSequence(asObservable().observe(on: SignalSharingStrategy.scheduler))
    }
}
