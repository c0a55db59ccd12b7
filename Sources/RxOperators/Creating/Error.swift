import RxCore
import RxDisposables

extension ObservableType {
    /// A sequence that fails at once with `error`, with no elements.
    public static func error(_ error: any Swift.Error) -> Observable<Element> {
        ErrorObservable(error: error)
    }
}

/// `error`: the error is sent from `subscribe` itself.
final class ErrorObservable<Element>: Observable<Element> {
    private let error: any Swift.Error

    init(error: any Swift.Error) {
        self.error = error
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
    where Observer.Element == Element {
        observer.onError(error)
        return Disposables.create()
    }
}
