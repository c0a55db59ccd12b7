import RxDisposables

/// A subject that sends only its last element, and only when it completes: each observer
/// receives that element followed by completion, or just completion if no element came, or
/// the error that ended the subject.
///
/// An observer that subscribes after the subject ended receives the same at once; after
/// ``dispose()``, `RxError.disposed(object:)`. Threads as for ``PublishSubject``.
public final class AsyncSubject<Element>: Observable<Element>, SubjectType, ObserverType, Cancelable {
    /// The type of ``asObserver()``.
    public typealias SubjectObserverType = AsyncSubject<Element>

    private let core = SubjectCore<Element>()
    // Guarded by the core's lock, which keeps every access apart: the runtime's exclusivity
    // check, a call on each access, is left out.
    @exclusivity(unchecked)
    private var lastElement: Element?

    /// A subject with no element yet.
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

    /// Keeps an element as the last, or ends the subject; nothing passes after a terminal event
    /// or after ``dispose()``.
    public func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error:
            core.tracked(DeliveredEvent(event), subjectType: Self.self) { core.finish(with: event) }
        case .completed:
            core.tracked(.completed, subjectType: Self.self) {
                core.finish(with: event) { lastElement }
            }
        }
    }

    /// Keeps `element` as the last; it is sent when the subject completes.
    public func onNext(_ element: Element) {
        core.tracked(.next, subjectType: Self.self) {
            core.sendNext(element, deliver: false) { () -> Element? in
                // The element it replaces is released after the lock.
                defer { lastElement = element }
                return lastElement
            }
        }
    }

    /// Subscribes `observer`; once the subject ended, it receives the last element (after
    /// completion) and the terminal event at once. A disposed subject sends
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
            replay: { entry, key -> Element? in
                key = core.admit(entry)
                // Once completed, the last element goes before the completion.
                return key == SubjectCoreBase.ended && core.stoppedEvent?.isCompleted == true ? lastElement : nil
            },
            send: { last, _, entry in
                if let last { entry.send(last) }
            })
    }

    /// Returns `self`: the subject is its own observer.
    public func asObserver() -> AsyncSubject<Element> {
        self
    }

    /// Unsubscribes every observer without an event, releases the last element, and makes the
    /// subject refuse new observers with `RxError.disposed(object:)`. Calling it again does
    /// nothing more.
    public func dispose() {
        core.dispose { () -> Element? in
            defer { lastElement = nil }
            return lastElement
        }
    }
}

// @unchecked Sendable: its core's lock guards all its state; elements cross threads only when Sendable.
extension AsyncSubject: @unchecked Sendable where Element: Sendable {}
