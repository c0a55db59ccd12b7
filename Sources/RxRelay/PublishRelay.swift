import RxCore
import RxDisposables

/// A ``/RxCore/PublishSubject`` that only ever sends elements: it cannot end or fail, so a view model
/// can expose it without any caller ending the stream for everyone.
///
/// ``accept(_:)`` sends an element to the observers subscribed at that moment. Threads as for
/// ``/RxCore/PublishSubject``.
public final class PublishRelay<Element>: ObservableType {
    private let subject = PublishSubject<Element>()

    /// A relay with no observers.
    public init() {}

    /// Sends `event` to every subscribed observer.
    public func accept(_ event: Element) {
        subject.onNext(event)
    }

    /// Subscribes `observer` to the elements accepted from now on.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
    where Observer.Element == Element {
        subject.subscribe(observer)
    }

    /// The relay as an observable sequence, which never ends.
    public func asObservable() -> Observable<Element> {
        subject.asObservable()
    }
}

// Sendable as its subject is: it holds nothing else.
extension PublishRelay: Sendable where Element: Sendable {}
