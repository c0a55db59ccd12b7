import RxCore
import RxDisposables

/// A sequence that is not an `Observable`: it hands its observer to a holder and logs when its
/// subscription is disposed, so threads can misuse the observer afterwards.
struct HoldingSource: ObservableType {
    typealias Element = Int

    let holder: ObserverHolder
    let log: CallLog

    func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable where Observer.Element == Int {
        holder.observer = AnyObserver(observer)
        let log = log
        return Disposables.create { log.append("source disposed") }
    }
}
