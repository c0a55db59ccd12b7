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
    /// Whether a connection passes the source's terminal event on before it unsubscribes from the
    /// source (``MulticastConnection/forwardsTerminalFirst``).
    private let forwardsTerminalFirst: Bool
    private let lock = RxLock()
    // Guarded by `lock`.
    private var subject: Subject?
    private var connection: Connection?
    /// The number of the current subject: each subject made gets the next.
    private var subjectNumber: UInt64 = 0

    /// A connectable over `source` whose subjects come from `makeSubject`. With
    /// `forwardsTerminalFirst`, each connection passes the source's terminal event on before it
    /// unsubscribes from the source, as `share(replay:)` with a replay of 0 or 1 does in RxSwift
    /// (see ``MulticastConnection``).
    init(source: Observable<SourceElement>, makeSubject: @escaping () -> Subject, forwardsTerminalFirst: Bool = false) {
        self.source = source
        self.makeSubject = makeSubject
        self.forwardsTerminalFirst = forwardsTerminalFirst
        super.init()
    }

    /// The current subject and its number, the subject made by `makeSubject` (outside the
    /// lock: it is the user's code) when there is none.
    private var currentSubject: (Subject, number: UInt64) {
        if let current = lock.withLockUnchecked({ subject.map { ($0, subjectNumber) } }) {
            return current
        }
        let made = makeSubject()
        let (current, unused) = lock.withLockUnchecked { () -> ((Subject, UInt64), Subject?) in
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
        let (current, isNew) = lock.withLockUnchecked { () -> (Connection, Bool) in
            // A connection being disposed on another thread is no longer one to hand out.
            if let existing = self.connection, !existing.isDisposed { return (existing, false) }
            let made = MulticastConnection(
                parent: self, subjectObserver: subject.asObserver(), subjectNumber: number,
                forwardsTerminalFirst: forwardsTerminalFirst)
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
        let subject = lock.withLockUnchecked { () -> Subject? in
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
/// subject, and disposing it unsubscribes from the source. On the source's terminal event it
/// leaves its adapter before passing the event on, so that an observer that reconnects from its
/// handler starts a new connection.
///
/// When it unsubscribes from the source on that event depends on the operator, as in RxSwift:
/// `multicast`, `publish`, `replay` and the `share` forms built on them unsubscribe first, then
/// pass the event on; `share(replay:)` with a replay of 0 or 1 and the `.whileConnected` scope
/// (and so `Driver` and `Signal`) passes it on first, with ``forwardsTerminalFirst``, and
/// unsubscribes once every observer has handled it. An observer that disposes something on the
/// terminal event then sees its own disposal run before the source's.
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

    /// Whether the source's terminal event is passed on before the source is unsubscribed from.
    /// A ``dispose()`` while the event is being passed on (`refCount()` disconnecting as the
    /// observers leave) then leaves the unsubscribing to the connection, which does it after.
    let forwardsTerminalFirst: Bool

    init(
        parent: ConnectableObservableAdapter<Subject>, subjectObserver: SubjectObserver, subjectNumber: UInt64,
        forwardsTerminalFirst: Bool
    ) {
        self.parent = parent
        self.subjectObserver = subjectObserver
        self.subjectNumber = subjectNumber
        self.forwardsTerminalFirst = forwardsTerminalFirst
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
            guard forwardsTerminalFirst else {
                dispose()
                subjectObserver.on(event)
                return
            }
            // Stops the connection and leaves the adapter, so that nothing follows the event and
            // an observer that subscribes again from its handler starts a new connection; the
            // source is unsubscribed from once every observer has the event.
            guard !disposedFlag.exchange(true, ordering: .acquiringAndReleasing) else { return }
            let parent = lock.withLockUnchecked { () -> ConnectableObservableAdapter<Subject>? in
                defer { self.parent = nil }
                return self.parent
            }
            parent?.connectionEnded(self)
            subjectObserver.on(event)
            let subscription = lock.withLockUnchecked { () -> (any Disposable)? in
                defer { self.subscription = nil }
                return self.subscription
            }
            subscription?.dispose()
        }
    }

    func onNext(_ element: Element) {
        if isDisposed { return }
        subjectObserver.onNext(element)
    }

    /// Takes the source subscription, or disposes it at once if the connection ended first.
    func setSubscription(_ subscription: any Disposable) {
        let late = lock.withLockUnchecked { () -> Bool in
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
        let (parent, subscription) = lock.withLockUnchecked {
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
