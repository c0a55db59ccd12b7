import RxDisposables

/// An observable sequence: something an observer can subscribe to.
///
/// Operators are written as extensions of this protocol, so they apply to ``Observable`` and to
/// any other conforming type.
public protocol ObservableType<Element>: ObservableConvertibleType {
    /// Starts delivering the sequence's events to `observer`.
    ///
    /// - Returns: a disposable that stops the delivery and releases the subscription's resources.
    func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
    where Observer.Element == Element
}

extension ObservableType {
    /// This sequence as an ``Observable``: conforming types that are not already one are
    /// wrapped in a producer that forwards each subscription.
    public func asObservable() -> Observable<Element> {
        ObservableAdapter(self)
    }
}
