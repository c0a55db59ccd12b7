import RxDisposables
import Synchronization

/// One observer of a subject, as the subject's list holds it.
///
/// A subject sends an event to a snapshot of its list, outside its lock, so an entry can be
/// removed while a send is under way. The entry's phase settles what it still receives:
///
/// - **priming**: the subscribing thread is still sending it what the subject replays (a
///   `BehaviorSubject`'s value, a `ReplaySubject`'s buffer). Events sent meanwhile wait in the
///   entry and follow the replay, so the observer sees them in order and one at a time.
/// - **live**: events go straight to the observer.
/// - **removed**: the subscription was disposed, or the subject was disposed; nothing more
///   reaches the observer, even from a send that took its snapshot before.
///
/// This base class knows no element type, so that the list and everything a subscription or a
/// disposal does with it runs without asking the runtime for generic type metadata, which in
/// code that is generic over the element would cost more than the rest of the work. The
/// subclass ``SubjectObserverEntryOf`` knows the element type; ``TypedSubjectObserverEntry``
/// also knows the observer's, and calls it without type erasure.
class SubjectObserverEntry {
    enum Phase {
        static let priming: UInt8 = 0
        static let live: UInt8 = 1
        static let removed: UInt8 = 2
    }

    final let phase: Atomic<UInt8>

    /// The entry's key in its subject's list; set, and read, under the subject's lock.
    final var key = 0

    // Guards the events kept while priming (in the subclass) and their count here, which the
    // subscribing thread checks without touching them.
    final let pendingLock = RxLock()
    final var pendingCount = 0

    init(priming: Bool) {
        phase = Atomic(priming ? Phase.priming : Phase.live)
    }

    /// Stops all delivery to the observer, from now on.
    final func markRemoved() {
        phase.store(Phase.removed, ordering: .releasing)
    }

    /// Whether the subscribing thread may make the entry live: nothing waits; if so, makes it
    /// live (unless it was removed meanwhile).
    final func goLiveIfNothingWaits() -> Bool {
        pendingLock.withLock {
            guard pendingCount == 0 else { return false }
            _ = phase.compareExchange(expected: Phase.priming, desired: Phase.live, ordering: .acquiringAndReleasing)
            return true
        }
    }
}

/// A ``SubjectObserverEntry`` of a subject of `Element`: delivery as the phase allows.
class SubjectObserverEntryOf<Element>: SubjectObserverEntry {
    // The events sent while priming, guarded by `pendingLock`; `pendingCount` counts them.
    private final var pending: [Event<Element>] = []

    /// Sends `element` to the observer; only the subclass knows how.
    func send(_ element: Element) {
        rxAbstractMethod()
    }

    /// Sends `event` to the observer; only the subclass knows how.
    func send(_ event: Event<Element>) {
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

    /// Keeps `event` for the subscribing thread to send after the replay, unless priming ended
    /// in the meantime: then sends it now, if the entry is live.
    private final func deliverWhilePriming(_ event: Event<Element>) {
        let kept = pendingLock.withLockReturningShared {
            guard phase.load(ordering: .acquiring) == Phase.priming else { return false }
            pending.append(event)
            pendingCount += 1
            return true
        }
        if !kept && phase.load(ordering: .acquiring) == Phase.live {
            send(event)
        }
    }

    /// Called by the subscribing thread once it has sent what the subject replays: sends what
    /// arrived meanwhile, in order, and makes the entry live.
    final func finishPriming() {
        while !goLiveIfNothingWaits() {
            let waiting = pendingLock.withLockReturningShared { () -> [Event<Element>] in
                pendingCount = 0
                defer { pending = [] }
                return pending
            }
            for event in waiting {
                guard phase.load(ordering: .acquiring) == Phase.priming else { return }
                send(event)
            }
        }
    }
}

/// A ``SubjectObserverEntry`` for an observer of type `Observer`, called without type erasure.
final class TypedSubjectObserverEntry<Observer: ObserverType>: SubjectObserverEntryOf<Observer.Element> {
    private let observer: Observer

    init(_ observer: Observer, priming: Bool) {
        self.observer = observer
        super.init(priming: priming)
    }

    override func send(_ element: Observer.Element) {
        observer.onNext(element)
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
