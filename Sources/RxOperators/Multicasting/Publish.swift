import RxCore
import RxDisposables

extension ObservableType {
    /// A connectable sequence that shares one subscription to this sequence through a
    /// ``/RxCore/PublishSubject``: observers receive the events sent after they subscribed.
    /// Each connection gets a new subject.
    public func publish() -> ConnectableObservable<Element> {
        multicast(makeSubject: { PublishSubject() })
    }

    /// A connectable sequence that shares one subscription to this sequence through a
    /// ``/RxCore/ReplaySubject`` keeping the last `bufferSize` elements. Each connection gets
    /// a new subject.
    ///
    /// - Precondition: `bufferSize` is not negative.
    public func replay(_ bufferSize: Int) -> ConnectableObservable<Element> {
        rxPrecondition(bufferSize >= 0, "replay(_:): bufferSize must not be negative, got \(bufferSize)")
        return multicast(makeSubject: { ReplaySubject.create(bufferSize: bufferSize) })
    }

    /// A connectable sequence that shares one subscription to this sequence through a
    /// ``/RxCore/ReplaySubject`` keeping every element. Each connection gets a new subject.
    public func replayAll() -> ConnectableObservable<Element> {
        multicast(makeSubject: { ReplaySubject.createUnbounded() })
    }
}
