import RxCore
import RxDisposables

extension ObservableType {
    /// A sequence that completes at once, with no elements.
    public static func empty() -> Observable<Element> {
        EmptyObservable()
    }
}

/// `empty`: completion is sent from `subscribe` itself; there is nothing to schedule or cancel.
final class EmptyObservable<Element>: Observable<Element> {
    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
    where Observer.Element == Element {
        observer.onCompleted()
        return Disposables.create()
    }
}
