import RxCore
import RxDisposables

extension ObservableType {
    /// A sequence that never sends anything, not even a terminal event.
    public static func never() -> Observable<Element> {
        NeverObservable()
    }
}

/// `never`: subscribing does nothing and holds nothing.
final class NeverObservable<Element>: Observable<Element> {
    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
    where Observer.Element == Element {
        Disposables.create()
    }
}
