import RxDisposables

/// A subject that keeps its latest element: an observer that subscribes receives that element
/// at once, then the events sent after it.
///
/// It starts with the value it was created with. After it ended, a new observer receives the
/// terminal event only (an error, or completion); after ``dispose()``,
/// `RxError.disposed(object:)`. ``value()`` reads the latest element, or throws the error that
/// ended the subject or `RxError.disposed(object:)`.
///
/// Threads as for ``PublishSubject``. The latest element reaches a new observer before any
/// event sent after it subscribed, even when another thread sends one meanwhile.
public final class BehaviorSubject<Element>: Observable<Element>, SubjectType, ObserverType, Cancelable {
    /// The type of ``asObserver()``.
    public typealias SubjectObserverType = BehaviorSubject<Element>

    private let core = SubjectCore<Element>()
    // Guarded by the core's lock, which keeps every access apart: the runtime's exclusivity
    // check, a call on each access, is left out.
    @exclusivity(unchecked)
    private var element: Element

    /// A subject whose latest element is `value` until it receives another.
    public init(value: Element) {
        element = value
        super.init()
    }

    /// The latest element.
    ///
    /// - Throws: the error that ended the subject, or `RxError.disposed(object:)` after
    ///   ``dispose()``.
    public func value() throws -> Element {
        let latest = core.withLock { () -> Result<Element, any Swift.Error> in
            if core.isDisposed { return .failure(RxError.disposed(object: self)) }
            if let error = core.stoppedEvent?.error { return .failure(error) }
            return .success(element)
        }
        return try latest.get()
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

    /// Keeps an element as the latest and sends it, or ends the subject; nothing passes after a
    /// terminal event or after ``dispose()``.
    public func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error, .completed:
            core.tracked(DeliveredEvent(event), subjectType: Self.self) { core.finish(with: event) }
        }
    }

    /// Keeps `element` as the latest and sends it to every subscribed observer, as
    /// `on(.next(element))` does.
    public func onNext(_ element: Element) {
        core.tracked(.next, subjectType: Self.self) {
            core.sendNext(element) { () -> Element? in
                // The element it replaces is released after the lock.
                defer { self.element = element }
                return self.element
            }
        }
    }

    /// Sends `observer` the latest element, then subscribes it to the events sent after; an
    /// ended subject sends its terminal event only, a disposed one `RxError.disposed(object:)`.
    public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
    where Observer.Element == Element {
        subscribe(entry: ObserverSubjectEntry(observer))
    }

    // The observer is its own entry: no entry to make, and no metadata to ask for.
    override func subscribe(subscriptionObserver observer: SubscriptionObserver<Element>) -> (any Disposable)? {
        subscribe(entry: observer)
    }

    private func subscribe(entry: ElementSubjectEntry<Element>) -> any Disposable {
        core.subscribe(
            entry, subject: self,
            replay: { entry, key in
                key = core.admit(entry)
                return element
            },
            send: { value, key, entry in
                // An ended subject sends its terminal event only.
                if key >= 0 { entry.send(value) }
            })
    }

    /// Returns `self`: the subject is its own observer.
    public func asObserver() -> BehaviorSubject<Element> {
        self
    }

    /// Unsubscribes every observer without an event, and makes the subject refuse new ones, and
    /// ``value()`` throw, with `RxError.disposed(object:)`. Calling it again does nothing more.
    public func dispose() {
        core.dispose()
    }
}

// @unchecked Sendable: its core's lock guards all its state; elements cross threads only when Sendable.
extension BehaviorSubject: @unchecked Sendable where Element: Sendable {}
