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

/// What `refCount()` returns. It counts the observers of the current connection; each
/// connection is a generation, so an observer of an ended connection that leaves late does not
/// touch the count of the next one.
///
/// Connecting and disconnecting call the user's code (the source's subscription and its
/// disposal), so they run outside the lock, and one thread at a time: the thread that finds the
/// connection out of line with the count (observers but no connection, a connection but no
/// observers) adjusts it, in a loop, until it matches; a thread that changes the count while
/// another adjusts leaves the work to that one. So a connection is never disposed while a new
/// observer is being connected to it. An observer that arrives while a connection is being
/// disposed is subscribed to the source by the disposing thread once the disposal is over, so
/// that it observes the next connection rather than the one going away.
final class RefCount<Connectable: ConnectableObservableType>: Producer<Connectable.Element> {
    fileprivate let source: Connectable
    private let lock = RxLock()
    // Guarded by `lock`.
    private var count = 0
    private var generation: UInt64 = 0
    private var connection: (any Disposable)?
    /// How many times the source ended; a connection made while it ended is not kept.
    private var endings: UInt64 = 0
    /// Whether a thread is adjusting the connection.
    private var isAdjusting = false
    /// Whether the adjusting thread is disposing a connection.
    private var isDisconnecting = false
    /// Observers that arrived while a connection was being disposed, to subscribe after it.
    private var waitingForDisconnection: [PendingSubscription] = []

    /// An observer's subscription to the source, made later by the thread that disconnects.
    private struct PendingSubscription {
        let sink: any ObserverType<Connectable.Element>
        let subscription: SingleAssignmentDisposable
    }

    init(source: Connectable) {
        self.source = source
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> RunningSink
    where Observer.Element == Element {
        let sink = RefCountSink(parent: self, observer: observer, cancel: cancel)
        let subscription = SerialDisposable()
        // The connection the observer was counted in can end on another thread while the
        // observer is being subscribed; it may then have landed on the next connection's subject,
        // counted in none. Until it is subscribed within the generation it was counted in, or has
        // received the source's terminal event, it is taken off and subscribed again.
        while subscribe(sink, through: subscription) == .connectionEndedMeanwhile {}
        adjustConnectionIfNeeded()
        return sink.holding(
            Disposables.create {
                subscription.dispose()
                self.observerLeft(generation: sink.generation)
            })
    }

    private enum SubscriptionOutcome {
        case subscribed
        case connectionEndedMeanwhile
    }

    /// Counts `sink` in and subscribes it to the source, into `subscription`.
    private func subscribe<Observer: ObserverType>(
        _ sink: RefCountSink<Connectable, Observer>, through subscription: SerialDisposable
    ) -> SubscriptionOutcome where Observer.Element == Element {
        // Counted before subscribing, so that the sink knows its generation before any event
        // reaches it; connected after, so that it sees what the connection sends first.
        let (counted, waits) = lock.withLock { () -> (UInt64, Bool) in
            count += 1
            if count == 1 {
                generation &+= 1
            }
            return (generation, isDisconnecting)
        }
        sink.generation = counted
        let current = SingleAssignmentDisposable()
        subscription.disposable = current
        // While a connection is being disposed, its subject may still be the one a new observer
        // would find; it subscribes once the disposal is over, on the thread that disposes. Once
        // this observer is counted no disconnection can start, so otherwise it subscribes now.
        let deferred =
            waits
            && lock.withLock { () -> Bool in
                guard isDisconnecting else { return false }
                waitingForDisconnection.append(PendingSubscription(sink: sink, subscription: current))
                return true
            }
        if deferred {
            return .subscribed
        }
        current.setDisposable(source.subscribe(sink))
        let ended = lock.withLock { self.generation != counted }
        // A sink that received the terminal event is done; otherwise its subscription is taken
        // off (the old subject's last delivery then skips it) and made again.
        guard ended, !sink.isDisposed else { return .subscribed }
        current.dispose()
        return sink.isDisposed ? .subscribed : .connectionEndedMeanwhile
    }

    /// Counts an observer of `generation` out, and disconnects when it was the last.
    private func observerLeft(generation: UInt64) {
        lock.withLock {
            guard self.generation == generation && count > 0 else { return }
            count -= 1
        }
        adjustConnectionIfNeeded()
    }

    /// Ends the connection of `generation` when its source ended: the count starts again from
    /// zero, and the observers of this generation that leave afterwards are not counted out.
    fileprivate func sourceEnded(generation: UInt64) {
        lock.withLock {
            guard self.generation == generation else { return }
            count = 0
            self.generation &+= 1
            endings &+= 1
        }
        adjustConnectionIfNeeded()
    }

    /// What the adjusting thread does next.
    private enum Adjustment {
        case connect(endings: UInt64)
        case disconnect(any Disposable)
        case done
    }

    /// Connects while there are observers and no connection, and disconnects while there is a
    /// connection and no observers, unless another thread is doing so already.
    private func adjustConnectionIfNeeded() {
        let adjusts = lock.withLock { () -> Bool in
            guard !isAdjusting else { return false }
            isAdjusting = true
            return true
        }
        guard adjusts else { return }
        while true {
            let next = lock.withLockReturningShared { () -> Adjustment in
                if count > 0 && connection == nil { return .connect(endings: endings) }
                if count == 0, let current = connection {
                    connection = nil
                    isDisconnecting = true
                    return .disconnect(current)
                }
                isAdjusting = false
                return .done
            }
            switch next {
            case .connect(let endingsBefore):
                let made = source.connect()
                let ended = lock.withLockReturningShared { () -> (any Disposable)? in
                    // A source that ended while connecting has ended this connection too.
                    guard endings == endingsBefore else { return made }
                    connection = made
                    return nil
                }
                ended?.dispose()
            case .disconnect(let current):
                current.dispose()
                let waiting = lock.withLockReturningShared { () -> [PendingSubscription] in
                    isDisconnecting = false
                    defer { waitingForDisconnection = [] }
                    return waitingForDisconnection
                }
                for pending in waiting where !pending.subscription.isDisposed {
                    pending.subscription.setDisposable(source.subscribe(pending.sink))
                }
            case .done:
                return
            }
        }
    }
}

final class RefCountSink<Connectable: ConnectableObservableType, Observer: ObserverType>: Sink<Observer>, ObserverType
where Observer.Element == Connectable.Element {
    typealias Element = Observer.Element

    private let parent: RefCount<Connectable>
    private let countedIn = Atomic<UInt64>(0)

    /// The connection this observer was counted in.
    var generation: UInt64 {
        get { countedIn.load(ordering: .acquiring) }
        set { countedIn.store(newValue, ordering: .releasing) }
    }

    init(parent: RefCount<Connectable>, observer: Observer, cancel: any Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            forwardNext(element)
        case .error(let error):
            parent.sourceEnded(generation: generation)
            forwardErrorAndDispose(error)
        case .completed:
            parent.sourceEnded(generation: generation)
            forwardCompletedAndDispose()
        }
    }

    func onNext(_ element: Element) {
        forwardNext(element)
    }
}
