import RxCore
import RxDisposables
import Synchronization

extension ObservableType {
    /// A connectable sequence whose observers subscribe to `subject`, which ``ConnectableObservable/connect()``
    /// subscribes to this sequence. The same subject serves every connection: once it ended, a
    /// new connection finds it ended.
    public func multicast<Subject: SubjectType>(_ subject: Subject) -> ConnectableObservable<Subject.Element>
    where Subject.Observer.Element == Element {
        ConnectableObservableAdapter(source: asObservable(), makeSubject: { subject })
    }

    /// A connectable sequence whose observers subscribe to a subject made by `makeSubject`,
    /// which ``ConnectableObservable/connect()`` subscribes to this sequence. A connection that
    /// ends (disposed, or by the source's terminal event) takes its subject with it: the next
    /// observer or connection gets a new one.
    public func multicast<Subject: SubjectType>(
        makeSubject: @escaping () -> Subject, isolation: isolated (any Actor)? = #isolation
    )
        -> ConnectableObservable<Subject.Element>
    where Subject.Observer.Element == Element {
        let handlerIsolation = HandlerIsolation(isolation)
        let makeSubject = handlerIsolation.guarding(makeSubject, "multicast(makeSubject:)")
        return ConnectableObservableAdapter(source: asObservable(), makeSubject: makeSubject)
    }

    /// RxSwift's spelling of `multicast(makeSubject:isolation:)`, kept for references by this name (such as
    /// `multicast(makeSubject:)` passed as a function); a call picks the other, which checks the
    /// closures' isolation. This one checks none.
    @_disfavoredOverload
    public func multicast<Subject: SubjectType>(makeSubject: @escaping () -> Subject)
        -> ConnectableObservable<Subject.Element>
    where Subject.Observer.Element == Element {
        multicast(makeSubject: makeSubject, isolation: nil)
    }
}

/// What `multicast` returns: observers subscribe to the current subject, made on first need;
/// ``connect()`` subscribes a ``MulticastConnection`` feeding that subject to the source.
final class ConnectableObservableAdapter<Subject: SubjectType>: ConnectableObservable<Subject.Element> {
    typealias SourceElement = Subject.Observer.Element

    private let source: Observable<SourceElement>
    private let makeSubject: () -> Subject
    private let lock = RxLock()
    // Guarded by `lock`.
    private var subject: Subject?
    private var connection: MulticastConnection<Subject>?

    init(source: Observable<SourceElement>, makeSubject: @escaping () -> Subject) {
        self.source = source
        self.makeSubject = makeSubject
        super.init()
    }

    /// The current subject, made by `makeSubject` (outside the lock: it is the user's code)
    /// when there is none.
    private var currentSubject: Subject {
        if let subject = lock.withLockReturningShared({ subject }) {
            return subject
        }
        let made = makeSubject()
        let (current, unused) = lock.withLockReturningShared { () -> (Subject, Subject?) in
            if let subject { return (subject, made) }
            subject = made
            return (made, nil)
        }
        // Another thread made one first; this one is released after the lock.
        withExtendedLifetime(unused) {}
        return current
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
    where Observer.Element == Element {
        currentSubject.subscribe(observer)
    }

    override func connect() -> any Disposable {
        let subject = currentSubject
        let (current, isNew) = lock.withLockReturningShared { () -> (MulticastConnection<Subject>, Bool) in
            // A connection being disposed on another thread is no longer one to hand out.
            if let existing = self.connection, !existing.isDisposed { return (existing, false) }
            let made = MulticastConnection(parent: self, subjectObserver: subject.asObserver())
            self.connection = made
            return (made, true)
        }
        if isNew {
            current.setSubscription(source.subscribe(current))
        }
        return current
    }

    /// Forgets `connection`, and the subject it fed, if it is the current one.
    fileprivate func connectionEnded(_ connection: MulticastConnection<Subject>) {
        let subject = lock.withLockReturningShared { () -> Subject? in
            guard self.connection === connection else { return nil }
            self.connection = nil
            defer { self.subject = nil }
            return self.subject
        }
        // Released after the lock.
        withExtendedLifetime(subject) {}
    }
}

/// One connection of a ``ConnectableObservableAdapter``: it observes the source and feeds the
/// subject, and disposing it unsubscribes from the source. It ends itself on the source's
/// terminal event, before passing it on, so that an observer that reconnects from its handler
/// starts a new connection.
final class MulticastConnection<Subject: SubjectType>: ObserverType, Cancelable {
    typealias Element = Subject.Observer.Element

    private let subjectObserver: Subject.Observer
    private let disposedFlag = Atomic<Bool>(false)
    private let lock = RxLock()
    // Guarded by `lock`.
    private var parent: ConnectableObservableAdapter<Subject>?
    private var subscription: (any Disposable)?

    init(parent: ConnectableObservableAdapter<Subject>, subjectObserver: Subject.Observer) {
        self.parent = parent
        self.subjectObserver = subjectObserver
    }

    var isDisposed: Bool {
        disposedFlag.load(ordering: .relaxed)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error, .completed:
            if isDisposed { return }
            dispose()
            subjectObserver.on(event)
        }
    }

    func onNext(_ element: Element) {
        if isDisposed { return }
        subjectObserver.onNext(element)
    }

    /// Takes the source subscription, or disposes it at once if the connection ended first.
    func setSubscription(_ subscription: any Disposable) {
        let late = lock.withLockReturningShared { () -> Bool in
            if isDisposed { return true }
            self.subscription = subscription
            return false
        }
        if late {
            subscription.dispose()
        }
    }

    func dispose() {
        guard !disposedFlag.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let (parent, subscription) = lock.withLockReturningShared {
            () -> (ConnectableObservableAdapter<Subject>?, (any Disposable)?) in
            defer {
                self.parent = nil
                self.subscription = nil
            }
            return (self.parent, self.subscription)
        }
        parent?.connectionEnded(self)
        subscription?.dispose()
    }
}
