import RxCore
import RxDisposables

/// A ``/RxCore/BehaviorSubject`` that only ever sends elements: it keeps its latest element in
/// ``value``, sends it to each new observer, and cannot end or fail.
///
/// Threads as for ``/RxCore/PublishSubject``.
public final class BehaviorRelay<Element>: ObservableType {
    private let subject: BehaviorSubject<Element>

    /// A relay whose value is `value` until it accepts another.
    public init(value: Element) {
        subject = BehaviorSubject(value: value)
    }

    /// The latest element.
    public var value: Element {
        // The subject can neither end nor be disposed from outside the relay, so it always has
        // a value.
        do {
            return try subject.value()
        } catch {
            rxFatalError("BehaviorRelay's subject failed, which nothing can make it do: \(error)")
        }
    }

    /// Keeps `event` as the value and sends it to every subscribed observer.
    public func accept(_ event: Element) {
        subject.onNext(event)
    }

    /// Sends `observer` the value, then the elements accepted after.
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
extension BehaviorRelay: Sendable where Element: Sendable {}
