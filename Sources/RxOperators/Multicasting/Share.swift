import RxCore
import RxDisposables

/// How long the subject behind `share(replay:scope:)` lives.
public enum SubjectLifetimeScope {
    /// One subject per connection: when the last observer leaves, or the source ends, the
    /// subject goes with the connection, and the next observer starts afresh, with nothing
    /// replayed.
    case whileConnected

    /// One subject for the sequence's lifetime: a later connection feeds the same subject, so
    /// a new observer of an ended source receives what it kept and its terminal event.
    case forever
}

extension ObservableType {
    /// A sequence that shares one subscription to this sequence among its observers: it
    /// subscribes when the first observer subscribes, replays the last `replay` elements to
    /// each new observer, and unsubscribes when the last observer leaves.
    ///
    /// With `.whileConnected`, the default, a new connection starts with a new subject; with
    /// `.forever`, every connection shares one. See ``SubjectLifetimeScope``.
    ///
    /// - Precondition: `replay` is not negative.
    public func share(replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected) -> Observable<Element> {
        rxPrecondition(replay >= 0, "share(replay:scope:): replay must not be negative, got \(replay)")
        switch (scope, replay) {
        case (.forever, 0):
            return multicast(PublishSubject()).refCount()
        case (.forever, _):
            return multicast(ReplaySubject.create(bufferSize: replay)).refCount()
        // A replay of 0 or 1 passes the source's terminal event on before unsubscribing from the
        // source, as RxSwift's own implementation of these two forms does; the others unsubscribe
        // first, as `multicast(_:)` and `refCount()` do (`Docs/Subjects.md`).
        case (.whileConnected, 0):
            return ConnectableObservableAdapter(
                source: asObservable(), makeSubject: { PublishSubject<Element>() }, forwardsTerminalFirst: true
            ).refCount()
        case (.whileConnected, 1):
            return ConnectableObservableAdapter(
                source: asObservable(), makeSubject: { ReplaySubject<Element>.create(bufferSize: 1) },
                forwardsTerminalFirst: true
            ).refCount()
        case (.whileConnected, _):
            return multicast(makeSubject: { ReplaySubject.create(bufferSize: replay) }).refCount()
        }
    }
}
