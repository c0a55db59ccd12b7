import RxDisposables

/// A subject that keeps the last elements it received (up to a buffer size, or all of them)
/// and sends them to each new observer before the events sent after it subscribed.
///
/// Make one with ``create(bufferSize:)`` or ``createUnbounded()``. After it ended, a new observer
/// receives the kept elements and then the terminal event; after ``dispose()``, which empties
/// the buffer, `RxError.disposed(object:)`.
///
/// Threads as for ``PublishSubject``. The kept elements reach a new observer before any event
/// sent after it subscribed, even when another thread sends one meanwhile.
public final class ReplaySubject<Element>: Observable<Element>, SubjectType, ObserverType, Cancelable {
    /// The type of ``asObserver()``.
    public typealias SubjectObserverType = ReplaySubject<Element>

    private let core = SubjectCore<Element>()
    // Guarded by the core's lock, which keeps every access apart: the runtime's exclusivity
    // check, a call on each access, is left out.
    @exclusivity(unchecked)
    private var buffer: ReplayBuffer<Element>

    private init(capacity: Int) {
        buffer = ReplayBuffer(capacity: capacity)
        super.init()
    }

    /// A subject that keeps the last `bufferSize` elements (none for 0).
    ///
    /// - Precondition: `bufferSize` is not negative.
    public static func create(bufferSize: Int) -> ReplaySubject<Element> {
        rxPrecondition(
            bufferSize >= 0, "ReplaySubject.create(bufferSize:): bufferSize must not be negative, got \(bufferSize)")
        return ReplaySubject(capacity: bufferSize)
    }

    /// A subject that keeps every element it receives, until it is disposed.
    public static func createUnbounded() -> ReplaySubject<Element> {
        ReplaySubject(capacity: .max)
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

    /// Keeps an element and sends it, or ends the subject; nothing passes after a terminal event
    /// or after ``dispose()``.
    public func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error, .completed:
            core.tracked(DeliveredEvent(event), subjectType: Self.self) { core.finish(with: event) }
        }
    }

    /// Keeps `element` and sends it to every subscribed observer, as `on(.next(element))` does.
    public func onNext(_ element: Element) {
        core.tracked(.next, subjectType: Self.self) {
            // The element it evicts is released after the lock.
            core.sendNext(element) { buffer.append(element) }
        }
    }

    /// Sends `observer` the kept elements, then subscribes it to the events sent after; an ended
    /// subject sends the kept elements and its terminal event, a disposed one
    /// `RxError.disposed(object:)`.
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
                return buffer.elements
            },
            send: { elements, key, entry in
                // An ended subject sends its buffer too, then its terminal event; a disposed
                // one has none.
                for element in elements {
                    entry.send(element)
                }
            })
    }

    /// Returns `self`: the subject is its own observer.
    public func asObserver() -> ReplaySubject<Element> {
        self
    }

    /// Unsubscribes every observer without an event, releases the kept elements, and makes the
    /// subject refuse new observers with `RxError.disposed(object:)`. Calling it again does
    /// nothing more.
    public func dispose() {
        core.dispose { buffer.removeAll() }
    }
}

// @unchecked Sendable: its core's lock guards all its state; elements cross threads only when Sendable.
extension ReplaySubject: @unchecked Sendable where Element: Sendable {}
