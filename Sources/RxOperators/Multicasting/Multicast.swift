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
        makeSubject: @escaping () -> Subject, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    )
        -> ConnectableObservable<Subject.Element>
    where Subject.Observer.Element == Element {
        let handlerIsolation = HandlerIsolation(isolation, file: file, line: line)
        let makeSubject =
            handlerIsolation.isNonisolated
            ? makeSubject : handlerIsolation.guarding(makeSubject, "multicast(makeSubject:)")
        return ConnectableObservableAdapter(source: asObservable(), makeSubject: makeSubject)
    }
}

/// A connectable sequence that numbers the subjects it feeds, so that `refCount()` can tell
/// which one an observer subscribed to: the subject of the connection being counted, or the next
/// one, made after that connection ended.
protocol SubjectNumbering<Element>: AnyObject {
    associatedtype Element

    /// Subscribes `observer` to the current subject; `numbered` is called with that subject's
    /// number before the subscription is made.
    func subscribe<Observer: ObserverType>(_ observer: Observer, numbered: (UInt64) -> Void) -> any Disposable
    where Observer.Element == Element

    /// ``ConnectableObservableType/connect()``, with the number of the subject the connection
    /// feeds.
    func connectNumbered() -> (any Disposable, subject: UInt64)
}

/// What `multicast` returns: observers subscribe to the current subject, made on first need;
/// ``connect()`` subscribes a ``MulticastConnection`` feeding that subject to the source.
final class ConnectableObservableAdapter<Subject: SubjectType>: ConnectableObservable<Subject.Element>,
    SubjectNumbering
{
    typealias SourceElement = Subject.Observer.Element
    typealias Connection = MulticastConnection<Subject, Subject.Observer>

    private let source: Observable<SourceElement>
    private let makeSubject: () -> Subject
    private let lock = RxLock()
    // Guarded by `lock`.
    private var subject: Subject?
    private var connection: Connection?
    /// The number of the current subject: each subject made gets the next.
    private var subjectNumber: UInt64 = 0

    init(source: Observable<SourceElement>, makeSubject: @escaping () -> Subject) {
        self.source = source
        self.makeSubject = makeSubject
        super.init()
    }

    /// The current subject and its number, the subject made by `makeSubject` (outside the
    /// lock: it is the user's code) when there is none.
    private var currentSubject: (Subject, number: UInt64) {
        if let current = lock.withLockReturningShared({ subject.map { ($0, subjectNumber) } }) {
            return current
        }
        let made = makeSubject()
        let (current, unused) = lock.withLockReturningShared { () -> ((Subject, UInt64), Subject?) in
            if let subject { return ((subject, subjectNumber), made) }
            subject = made
            subjectNumber &+= 1
            return ((made, subjectNumber), nil)
        }
        // Another thread made one first; this one is released after the lock.
        withExtendedLifetime(unused) {}
        return current
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
    where Observer.Element == Element {
        currentSubject.0.subscribe(observer)
    }

    func subscribe<Observer: ObserverType>(_ observer: Observer, numbered: (UInt64) -> Void) -> any Disposable
    where Observer.Element == Element {
        let (subject, number) = currentSubject
        numbered(number)
        return subject.subscribe(observer)
    }

    override func connect() -> any Disposable {
        connectNumbered().0
    }

    func connectNumbered() -> (any Disposable, subject: UInt64) {
        let (subject, number) = currentSubject
        let (current, isNew) = lock.withLockReturningShared { () -> (Connection, Bool) in
            // A connection being disposed on another thread is no longer one to hand out.
            if let existing = self.connection, !existing.isDisposed { return (existing, false) }
            let made = MulticastConnection(parent: self, subjectObserver: subject.asObserver(), subjectNumber: number)
            self.connection = made
            return (made, true)
        }
        if isNew {
            current.setSubscription(source.subscribe(current))
        }
        return (current, current.subjectNumber)
    }

    /// Forgets `connection`, and the subject it fed, if it is the current one.
    fileprivate func connectionEnded(_ connection: Connection) {
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
///
/// The subject's observer type is a parameter of its own, equal to `Subject.Observer`: an
/// element then reaches the subject through a type the class's metadata holds, where the
/// associated type would be asked of the runtime (and its metadata checked) at every element
/// in code not specialised for it.
final class MulticastConnection<Subject: SubjectType, SubjectObserver: ObserverType>: ObserverType, Cancelable
where SubjectObserver == Subject.Observer {
    typealias Element = SubjectObserver.Element

    private let subjectObserver: SubjectObserver
    private let disposedFlag = Atomic<Bool>(false)
    private let lock = RxLock()
    // Guarded by `lock`.
    private var parent: ConnectableObservableAdapter<Subject>?
    private var subscription: (any Disposable)?

    /// The number of the subject this connection feeds (``SubjectNumbering``).
    let subjectNumber: UInt64

    init(parent: ConnectableObservableAdapter<Subject>, subjectObserver: SubjectObserver, subjectNumber: UInt64) {
        self.parent = parent
        self.subjectObserver = subjectObserver
        self.subjectNumber = subjectNumber
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
