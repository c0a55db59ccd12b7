import RxCore
import RxDisposables

extension ObservableType {
    /// A sequence that fails at once with `error`, with no elements.
    @inlinable
    public static func error(_ error: any Swift.Error) -> Observable<Element> {
        // Inlinable, so that `ErrorObservable<Element>` is made where its type is known: its
        // metadata then comes from a cache in the caller instead of a runtime lookup at every call.
        ErrorObservable(error: error)
    }
}

/// `error`: the error is sent from `subscribe` itself.
@usableFromInline
final class ErrorObservable<Element>: Observable<Element> {
    private let error: any Swift.Error

    @usableFromInline
    init(error: any Swift.Error) {
        self.error = error
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
    where Observer.Element == Element {
        observer.onError(error)
        return Disposables.create()
    }
}
