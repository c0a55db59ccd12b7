import RxCore
import RxDisposables
import RxTestHelpers

/// An observable that hands the observer it is subscribed with straight back to the test: no sink
/// of the framework stands between it and the operator under test, so nothing enforces the event
/// grammar or stops events after disposal. The test sends through ``observer`` whatever it wants,
/// including elements after a terminal event or after the subscription was disposed.
final class DisposalIgnoringObservable<Element>: Observable<Element> {
    /// The observer of each subscription so far, oldest first.
    private(set) var observers: [AnyObserver<Element>] = []
    /// The latest subscription's observer.
    var observer: AnyObserver<Element>? { observers.last }
    /// How many times a subscription to it was disposed.
    let disposals = Counter()

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
    where Observer.Element == Element {
        observers.append(AnyObserver(observer))
        return Disposables.create { [disposals] in disposals.increment() }
    }

    /// Lets go of the observers, so that the operator's sinks can be released.
    func forget() {
        observers.removeAll()
    }
}
