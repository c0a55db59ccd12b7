import RxCore
import RxDisposables

/// An observable sequence that shares one subscription to its source among all its observers,
/// and subscribes to the source only when ``connect()`` is called.
public protocol ConnectableObservableType: ObservableType {
    /// Subscribes the shared subject to the source, unless it already is; disposing the result
    /// ends that connection.
    func connect() -> any Disposable
}

/// The type `multicast`, `publish`, `replay` and `replayAll` return: a sequence whose
/// observers subscribe to a subject, which ``connect()`` subscribes to the source.
public class ConnectableObservable<Element>: Observable<Element>, ConnectableObservableType {
    /// Subscribes the subject to the source, unless it already is; disposing the result ends
    /// the connection. Subclasses override it.
    public func connect() -> any Disposable {
        rxAbstractMethod()
    }
}
