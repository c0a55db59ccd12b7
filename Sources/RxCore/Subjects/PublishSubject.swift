import RxDisposables

/// A subject that sends each event it receives to the observers subscribed at that moment.
///
/// An observer that subscribes after the subject ended receives the terminal event at once;
/// after ``dispose()``, it receives `RxError.disposed(object:)`.
///
/// Subscribe and dispose from any thread. Send events one at a time, as to any observer: in
/// debug builds, events sent from two threads at once, or sent back into the subject by one of
/// its observers, are reported through ``Hooks/synchronizationErrorHandler``, once per
/// subject. A subscription disposed on one thread receives nothing sent after its `dispose()`
/// returned.
public final class PublishSubject<Element>: Observable<Element>, SubjectType, ObserverType, Cancelable {
    /// The type of ``asObserver()``.
    public typealias SubjectObserverType = PublishSubject<Element>

    private let core = SubjectCore<Element>()

    /// A subject with no observers.
    public override init() {
        super.init()
    }

    /// Whether any observer is subscribed (none once the subject ended).
    public var hasObservers: Bool {
        core.hasObservers
    }

    /// Whether ``dispose()`` was called.
    public var isDisposed: Bool {
        core.isDisposedNow
    }

    override var disposesSubscriptionsOnce: Bool {
        true
    }

    /// Sends `event` to every subscribed observer. Nothing passes after a terminal event or
    /// after ``dispose()``.
    public func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error, .completed:
            core.tracked(DeliveredEvent(event), subjectType: Self.self) { core.finish(with: event) }
        }
    }

    /// Sends `element` to every subscribed observer, as `on(.next(element))` does.
    public func onNext(_ element: Element) {
        core.tracked(.next, subjectType: Self.self) { core.sendNext(element) }
    }

    /// Subscribes `observer` to the events sent from now on; an ended subject sends its terminal
    /// event at once, a disposed one `RxError.disposed(object:)`.
    public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
    where Observer.Element == Element {
        core.subscribe(ObserverSubjectEntry(observer), subject: self)
    }

    // The observer is its own entry: no entry to make, and no metadata to ask for.
    override func subscribe(subscriptionObserver observer: SubscriptionObserver<Element>) -> (any Disposable)? {
        core.subscribe(observer, subject: self)
    }

    /// Returns `self`: the subject is its own observer.
    public func asObserver() -> PublishSubject<Element> {
        self
    }

    /// Unsubscribes every observer without an event, and makes the subject refuse new ones with
    /// `RxError.disposed(object:)`. Calling it again does nothing more.
    public func dispose() {
        core.dispose()
    }
}

// @unchecked Sendable: its core guards all its state; elements cross threads only when Sendable.
extension PublishSubject: @unchecked Sendable where Element: Sendable {}
