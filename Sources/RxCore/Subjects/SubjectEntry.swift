import RxDisposables
import Synchronization

/// One observer of a subject, as the subject's list holds it.
///
/// A subject sends an event to a snapshot of its list, outside its lock, so an entry can be
/// removed while a send is under way. The entry's phase settles what it still receives:
///
/// - **priming**: the subscribing thread is still sending it what the subject replays (a
///   `BehaviorSubject`'s value, a `ReplaySubject`'s buffer), holding the entry's
///   ``Serializer``. An event sent meanwhile from another thread waits for the replay to end
///   and then goes out on its own thread; one sent from inside the replay (the observer sending
///   into the subject) waits in the entry and follows the replay on the subscribing thread. The
///   observer sees the events in order and one at a time, and the subscribing thread never
///   delivers another thread's events.
/// - **live**: events go straight to the observer.
/// - **removed**: the subscription was disposed, the subject was disposed, or the observer
///   received the terminal event; nothing more reaches the observer, even from a send that took
///   its snapshot before.
///
/// This base class knows no element type, so that the list and everything a subscription or a
/// disposal does with it runs without asking the runtime for generic type metadata, which in
/// code that is generic over the element would cost more than the rest of the work. The
/// subclass ``ElementSubjectEntry`` knows the element type; ``ObserverSubjectEntry``
/// also knows the observer's, and calls it without type erasure. The observer that
/// `subscribe(onNext:onError:onCompleted:onDisposed:)` makes, `SubscriptionObserver`, is an
/// entry itself (see ``Observable/subscribe(subscriptionObserver:)``).
@usableFromInline
class SubjectEntry {
    enum Phase {
        static let priming: UInt8 = 0
        static let live: UInt8 = 1
        static let removed: UInt8 = 2
    }

    final let phase: Atomic<UInt8>

    /// The entry's key in its subject's list; set, and read, under the subject's lock.
    final var key = 0

    /// A live entry; `startPriming()` makes it a priming one.
    init() {
        phase = Atomic(Phase.live)
    }

    /// Stops all delivery to the observer, from now on.
    final func markRemoved() {
        phase.store(Phase.removed, ordering: .releasing)
    }
}

/// A ``SubjectEntry`` of a subject of `Element`: delivery as the phase allows.
@usableFromInline
class ElementSubjectEntry<Element>: SubjectEntry {
    // Held by the subscribing thread while it primes the entry; it queues what the observer sends
    // into the subject meanwhile, and makes other threads' events wait for the replay to end.
    private final let priming = Serializer<Event<Element>>()

    /// Sends `element` to the observer; only the subclass knows how.
    func send(_ element: Element) {
        rxAbstractMethod()
    }

    /// Sends `event` to the observer; only the subclass knows how.
    func send(_ event: Event<Element>) {
        rxAbstractMethod()
    }

    /// Sends the observer of a subscription the subject refused (it ended, or was disposed) the
    /// terminal event it gets instead, through the observer's `on(_:)`.
    func refuse(with event: Event<Element>) {
        rxAbstractMethod()
    }

    /// Delivers `element` as the phase allows.
    @inline(__always)
    final func deliver(_ element: Element) {
        let phase = phase.load(ordering: .acquiring)
        if phase == Phase.live {
            send(element)
        } else if phase == Phase.priming {
            deliverWhilePriming(element)
        }
    }

    // Out of line: the `Event` it builds would otherwise have its metadata looked up on every
    // delivery, priming or not.
    @inline(never)
    private final func deliverWhilePriming(_ element: Element) {
        deliverWhilePriming(.next(element))
    }

    /// Delivers `event` as the phase allows.
    final func deliver(_ event: Event<Element>) {
        let phase = phase.load(ordering: .acquiring)
        if phase == Phase.live {
            send(event)
        } else if phase == Phase.priming {
            deliverWhilePriming(event)
        }
    }

    /// From inside the replay, keeps `event` for the subscribing thread to send after it; from
    /// another thread, waits for the replay to end, then sends `event` if the entry is live.
    private final func deliverWhilePriming(_ event: Event<Element>) {
        switch priming.enter() {
        case .acquired(let hold):
            priming.leave(hold, sendWhilePriming)
            if phase.load(ordering: .acquiring) == Phase.live {
                send(event)
            }
        case .reentrant:
            priming.enqueue(event)
        case .closed:
            // The priming serializer is never closed.
            return
        }
    }

    /// Before the entry is admitted to a list: makes it wait, as a priming entry, for the
    /// subscribing thread to send it what the subject replays.
    final func startPriming() {
        phase.store(Phase.priming, ordering: .relaxed)
        // A new entry's serializer is free: this takes it for the subscribing thread.
        _ = priming.tryEnter()
    }

    /// Called by the subscribing thread once it has sent what the subject replays: sends what
    /// the observer sent meanwhile, in order, makes the entry live and lets the senders that
    /// waited go on.
    final func finishPriming() {
        let hold = SerializerHold.current
        if priming.hasQueued {
            deliverQueuedWhilePriming(hold)
        }
        _ = phase.compareExchange(expected: Phase.priming, desired: Phase.live, ordering: .acquiringAndReleasing)
        if !priming.tryLeave(hold) {
            leavePriming(hold)
        }
    }

    // The two below out of line, so that a subscription where nothing was sent during the replay
    // and no thread waits forms no closure (which would retain the entry).
    @inline(never)
    private final func deliverQueuedWhilePriming(_ hold: SerializerHold) {
        priming.deliverQueued(hold, sendWhilePriming)
    }

    @inline(never)
    private final func leavePriming(_ hold: SerializerHold) {
        priming.leave(hold, sendWhilePriming)
    }

    // What the observer sent into the subject while it was being primed, after the replay.
    private final func sendWhilePriming(_ event: Event<Element>) {
        if phase.load(ordering: .acquiring) == Phase.priming {
            send(event)
        }
    }
}

/// A ``SubjectEntry`` for an observer of type `Observer`, called without type erasure.
final class ObserverSubjectEntry<Observer: ObserverType>: ElementSubjectEntry<Observer.Element> {
    private let observer: Observer

    init(_ observer: Observer) {
        self.observer = observer
        super.init()
    }

    override func send(_ element: Observer.Element) {
        observer.onNext(element)
    }

    override func refuse(with event: Event<Observer.Element>) {
        observer.on(event)
    }

    override func send(_ event: Event<Observer.Element>) {
        switch event {
        case .next(let element):
            observer.onNext(element)
        case .error(let error):
            observer.onError(error)
        case .completed:
            observer.onCompleted()
        }
    }
}
