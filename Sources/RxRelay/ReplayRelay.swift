import RxCore
import RxDisposables

/// A ``/RxCore/ReplaySubject`` that only ever sends elements: it keeps the last elements it accepted
/// (up to a buffer size, or all of them), sends them to each new observer, and cannot end or
/// fail.
///
/// Make one with ``create(bufferSize:)`` or ``createUnbound()``. Threads as for
/// ``/RxCore/PublishSubject``.
public final class ReplayRelay<Element>: ObservableType {
    private let subject: ReplaySubject<Element>

    private init(subject: ReplaySubject<Element>) {
        self.subject = subject
    }

    /// A relay that keeps the last `bufferSize` elements (none for 0).
    ///
    /// - Precondition: `bufferSize` is not negative.
    public static func create(bufferSize: Int) -> ReplayRelay<Element> {
        rxPrecondition(
            bufferSize >= 0, "ReplayRelay.create(bufferSize:): bufferSize must not be negative, got \(bufferSize)")
        return ReplayRelay(subject: .create(bufferSize: bufferSize))
    }

    /// A relay that keeps every element it accepts.
    public static func createUnbound() -> ReplayRelay<Element> {
        ReplayRelay(subject: .createUnbounded())
    }

    /// Keeps `event` and sends it to every subscribed observer.
    public func accept(_ event: Element) {
        subject.onNext(event)
    }

    /// Sends `observer` the kept elements, then the elements accepted after.
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
extension ReplayRelay: Sendable where Element: Sendable {}
