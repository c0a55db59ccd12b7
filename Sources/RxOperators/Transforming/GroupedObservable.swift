import RxCore
import RxDisposables

/// One group of `groupBy(keySelector:)`: the elements of the source that share ``key``, as a
/// sequence of their own.
///
/// A group sends only what arrives while it is subscribed, like a ``/RxCore/PublishSubject``:
/// subscribe to it from the handler that receives it to see its first element. It ends when the
/// source ends, with the same event. While a group has a subscriber, it keeps the source
/// subscribed, even after the subscriber of `groupBy` itself has gone.
public struct GroupedObservable<Key, Element>: ObservableType {
    /// The key that every element of this group was given by the key selector.
    public let key: Key

    private let source: Observable<Element>

    /// A group with `key` whose elements are those of `source`.
    public init(key: Key, source: Observable<Element>) {
        self.key = key
        self.source = source
    }

    /// Subscribes `observer` to the elements of this group.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
    where Element == Observer.Element {
        source.subscribe(observer)
    }

    /// The elements of this group as an ``/RxCore/Observable``, without the key.
    public func asObservable() -> Observable<Element> {
        source
    }
}
