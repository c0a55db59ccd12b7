/// An observable sequence that is also an observer: the events it receives, it sends to every
/// observer subscribed to it.
///
/// The subjects are ``PublishSubject``, ``BehaviorSubject``, ``ReplaySubject`` and
/// ``AsyncSubject``; the multicasting operators of RxOperators (`multicast`, `publish`,
/// `replay`, `share`) are built on them.
public protocol SubjectType: ObservableType {
    /// The type of the observer that feeds the subject.
    associatedtype Observer: ObserverType

    /// The observer that feeds the subject: what it receives, the subject sends on.
    func asObserver() -> Observer
}
