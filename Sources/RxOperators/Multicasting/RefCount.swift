import RxCore
import RxDisposables
import Synchronization

extension ConnectableObservableType {
    /// A sequence that connects this connectable sequence when its first observer subscribes,
    /// and disposes the connection when its last observer leaves. The source's terminal event
    /// ends the connection too: the next observer starts a new one.
    public func refCount() -> Observable<Element> {
        RefCount(source: self)
    }
}

/// What `refCount()` returns. It counts the observers of each subject of the source (a
/// `multicast` makes a new subject for each connection): the connection serves the observers of
/// the subject it feeds, and an observer of an ended connection that leaves late does not touch
/// the count of the next one.
///
/// Counting by subject rather than by arrival keeps an observer from being lost when the source
/// ends on another thread while it subscribes: it lands either on the ending subject, which then
/// sends it the terminal event, or on the next one, where it is counted for the next connection,
/// which is made as soon as the ending connection is gone. A connectable that does not number its
/// subjects (one written by a user) is counted as a single subject.
///
/// Connecting and disconnecting call the user's code (the source's subscription and its
/// disposal), so they run outside the lock, and one thread at a time: the thread that finds the
/// connection out of line with the counts (observers but no connection, a connection with no
/// observers left on its subject) adjusts it, in a loop, until it matches; a thread that changes
/// a count while another adjusts leaves the work to that one. So a connection is never disposed
/// while a new observer is being connected to it. An observer that arrives while a connection is
/// being disposed is subscribed to the source by the disposing thread once the disposal is over,
/// so that it observes the next connection rather than the one going away.
final class RefCount<Connectable: ConnectableObservableType>: Producer<Connectable.Element> {
    fileprivate let source: Connectable
    // The source as a connectable that numbers its subjects, when it is one.
    private let numbering: (any SubjectNumbering<Connectable.Element>)?
    private let lock = RxLock()
    // Guarded by `lock`.
    /// Observers counted, by the number of the subject they subscribed to.
    private var observers: [UInt64: Int] = [:]
    /// Observers that have started subscribing and are not counted yet: no disconnection starts
    /// meanwhile.
    private var arriving = 0
    private var connection: (any Disposable)?
    /// The number of the subject `connection` feeds.
    private var connectedSubject: UInt64 = 0
    /// Whether the source's terminal event ended `connection`.
    private var connectionEnded = false
    /// The subject whose connection ended last, to recognise a connection that ended while it
    /// was being made.
    private var lastEndedSubject: UInt64?
    /// Whether a thread is adjusting the connection.
    private var isAdjusting = false
    /// Whether the adjusting thread is disposing a connection.
    private var isDisconnecting = false
    /// Observers that arrived while a connection was being disposed, to subscribe after it.
    private var waitingForDisconnection: [PendingSubscription] = []

    /// An observer's subscription to the source, made later by the thread that disconnects.
    private struct PendingSubscription {
        let sink: any RefCountedObserver<Connectable.Element>
        let subscription: SingleAssignmentDisposable
    }

    init(source: Connectable) {
        self.source = source
        numbering = source as? any SubjectNumbering<Connectable.Element>
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Element {
        let sink = RefCountSink(parent: self, observer: observer, cancel: cancel)
        let subscription = SingleAssignmentDisposable()
        // While a connection is being disposed, its subject may still be the one a new observer
        // would find; it subscribes once the disposal is over, on the thread that disposes. Once
        // this observer is arriving no disconnection can start, so otherwise it subscribes now.
        let deferred = lock.withLock { () -> Bool in
            arriving += 1
            guard isDisconnecting else { return false }
            waitingForDisconnection.append(PendingSubscription(sink: sink, subscription: subscription))
            return true
        }
        if !deferred {
            subscription.setDisposable(subscribeCounted(sink))
        }
        adjustConnectionIfNeeded()
        return sink.holding(
            Disposables.create {
                subscription.dispose()
                self.observerLeft(sink)
            })
    }

    /// Subscribes `sink` to the source, counting it for the subject it subscribes to before any
    /// event can reach it.
    private func subscribeCounted(_ sink: some RefCountedObserver<Element>) -> any Disposable {
        let count = { (subject: UInt64) in
            sink.subject = subject
            self.lock.withLock {
                // An observer that left before it was counted (its subscription was deferred)
                // is not counted at all.
                if sink.markCounted() {
                    self.observers[subject, default: 0] += 1
                }
                self.arriving -= 1
            }
        }
        if let numbering {
            return numbering.subscribe(sink, numbered: count)
        }
        count(0)
        return source.subscribe(sink)
    }

    /// Counts `sink` out, if it was counted, and disconnects when it was the last.
    private func observerLeft(_ sink: some RefCountedObserver<Element>) {
        lock.withLock {
            guard sink.markLeft(), let count = observers[sink.subject] else { return }
            observers[sink.subject] = count > 1 ? count - 1 : nil
        }
        adjustConnectionIfNeeded()
    }

    /// Ends the connection that fed `subject` when the source ended: every observer of that
    /// subject received the terminal event, and those that leave afterwards are not counted out.
    fileprivate func sourceEnded(subject: UInt64) {
        lock.withLock {
            observers[subject] = nil
            lastEndedSubject = subject
            if connection != nil && connectedSubject == subject {
                connectionEnded = true
            }
        }
        adjustConnectionIfNeeded()
    }

    /// What the adjusting thread does next.
    private enum Adjustment {
        case connect
        case disconnect(any Disposable)
        case done
    }

    /// Connects while there are observers and no connection, and disconnects a connection that
    /// ended or has no observers left on its subject, unless another thread is doing so already.
    private func adjustConnectionIfNeeded() {
        let adjusts = lock.withLock { () -> Bool in
            guard !isAdjusting else { return false }
            isAdjusting = true
            return true
        }
        guard adjusts else { return }
        while true {
            let next = lock.withLockUnchecked { () -> Adjustment in
                if let current = connection {
                    if connectionEnded || (observers[connectedSubject] == nil && arriving == 0) {
                        connection = nil
                        connectionEnded = false
                        isDisconnecting = true
                        return .disconnect(current)
                    }
                } else if !observers.isEmpty {
                    return .connect
                }
                isAdjusting = false
                return .done
            }
            switch next {
            case .connect:
                let (made, subject) = numbering?.connectNumbered() ?? (source.connect(), 0)
                let ended = lock.withLockUnchecked { () -> (any Disposable)? in
                    // A source that ended while connecting has ended this connection too.
                    if lastEndedSubject == subject { return made }
                    connection = made
                    connectedSubject = subject
                    return nil
                }
                ended?.dispose()
            case .disconnect(let current):
                current.dispose()
                let waiting = lock.withLockUnchecked { () -> [PendingSubscription] in
                    isDisconnecting = false
                    defer { waitingForDisconnection = [] }
                    return waitingForDisconnection
                }
                for pending in waiting {
                    if pending.subscription.isDisposed {
                        lock.withLock { arriving -= 1 }
                    } else {
                        pending.subscription.setDisposable(subscribeCounted(pending.sink))
                    }
                }
            case .done:
                return
            }
        }
    }
}

/// A ``RefCountSink`` seen without its observer's type, as the disposing thread keeps it.
protocol RefCountedObserver<Element>: ObserverType, AnyObject {
    /// The number of the subject the observer subscribed to.
    var subject: UInt64 { get set }

    /// Records that the observer is counted; `false` if it left first.
    func markCounted() -> Bool

    /// Records that the observer left; whether it had been counted.
    func markLeft() -> Bool
}

final class RefCountSink<Connectable: ConnectableObservableType, Observer: ObserverType>: Sink<Observer>, ObserverType,
    RefCountedObserver
where Observer.Element == Connectable.Element {
    typealias Element = Observer.Element

    private let parent: RefCount<Connectable>
    private let subjectNumber = Atomic<UInt64>(0)
    // 0 before the observer is counted, 1 once counted, 2 once it left.
    private let countState = Atomic<UInt8>(0)

    var subject: UInt64 {
        get { subjectNumber.load(ordering: .acquiring) }
        set { subjectNumber.store(newValue, ordering: .releasing) }
    }

    init(parent: RefCount<Connectable>, observer: Observer, cancel: any Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func markCounted() -> Bool {
        countState.compareExchange(expected: 0, desired: 1, ordering: .acquiringAndReleasing).exchanged
    }

    func markLeft() -> Bool {
        countState.exchange(2, ordering: .acquiringAndReleasing) == 1
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            forwardNext(element)
        case .error(let error):
            // Ended with its subject: leaving afterwards counts nothing out.
            _ = markLeft()
            parent.sourceEnded(subject: subject)
            forwardErrorAndDispose(error)
        case .completed:
            _ = markLeft()
            parent.sourceEnded(subject: subject)
            forwardCompletedAndDispose()
        }
    }

    // Inlined into the witness a subject's entry calls, once per observer per element: the
    // harness shows the call (Benchmarks/RESULTS.md, "What the harness showed").
    @inline(__always)
    func onNext(_ element: Element) {
        forwardNext(element)
    }
}
