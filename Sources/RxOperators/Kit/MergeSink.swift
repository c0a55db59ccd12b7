import RxCore
import RxDisposables

/// The base of the sinks that subscribe to an inner sequence per outer element and merge what
/// the inner sequences send (`merge`, `merge(maxConcurrent:)`, `flatMap`, `flatMapFirst`,
/// `concatMap`, `concat()`): subclasses say which inner sequence an element stands for; this
/// class runs them.
///
/// The inner subscriptions are kept in a list of their observers, each removed, and disposed, when its sequence
/// completes; disposing the sink disposes the outer subscription, then every inner one in the
/// order they were made. The result completes when the outer sequence and every inner one have
/// completed; the first error, outer or inner, is passed on once and disposes everything. Inner
/// events reach the downstream one at a time (``FanInSink``), whatever their threads.
///
/// With a limit on concurrent inner subscriptions, the inner sequences beyond it wait in a queue
/// and are subscribed to, in order, as running ones complete, by a loop rather than from inside
/// the completion, so that inner sequences completing while they are subscribed do not grow the
/// stack. A waiting sequence is released as soon as it is subscribed to.
///
/// No lock is held while a selector, a subscription or the observer runs.
class MergeSink<SourceElement, Inner: ObservableConvertibleType, Observer: ObserverType>:
    FanInSink<Observer>, ObserverType
where Inner.Element == Observer.Element {
    typealias Element = SourceElement

    typealias InnerObserver = MergeInnerObserver<SourceElement, Inner, Observer>

    private final let maxConcurrent: Int
    private final let dropsWhileActive: Bool
    /// The outer subscription, disposed when the outer sequence ends, before the inner ones do.
    private final let outerSubscription = SingleAssignmentDisposable()
    private final let outerGate = TerminalGate()

    // Looked up once: making an observer from it asks the runtime for no generic metadata.
    private final let innerObserverType = InnerObserver.self

    // Everything below is touched only under `lock`, which keeps the accesses apart: the
    // runtime's exclusivity check, a call on every access, is left out.
    private final let lock = RxLock()
    /// The running inner sequences' observers, oldest first, linked through their `next`.
    @exclusivity(unchecked)
    private final var firstInner: InnerObserver?
    @exclusivity(unchecked)
    private final var lastInner: InnerObserver?
    /// Inner sequences running or handed a running one's place and about to be subscribed to.
    @exclusivity(unchecked)
    private final var active = 0
    @exclusivity(unchecked)
    private final var outerEnded = false
    @exclusivity(unchecked)
    private final var released = false
    @exclusivity(unchecked)
    private final var waitingInners: RingQueue<Inner>?
    /// Places handed over by completed inner sequences to waiting ones, not yet taken.
    @exclusivity(unchecked)
    private final var startsRequested = 0
    @exclusivity(unchecked)
    private final var starting = false

    /// - Parameters:
    ///   - maxConcurrent: how many inner sequences may be subscribed to at once; more wait.
    ///   - dropsWhileActive: whether an outer element arriving while an inner sequence runs is
    ///     ignored, its selector not called (`flatMapFirst`).
    init(maxConcurrent: Int = .max, dropsWhileActive: Bool = false, observer: Observer, cancel: any Cancelable) {
        self.maxConcurrent = maxConcurrent
        self.dropsWhileActive = dropsWhileActive
        super.init(observer: observer, cancel: cancel)
    }

    /// The inner sequence `element` stands for; an error thrown ends the subscription with it.
    func inner(for element: SourceElement) throws -> Inner {
        rxAbstractMethod()
    }

    /// Subscribes to the outer sequence; what a producer's `run` returns.
    final func run(_ source: Observable<SourceElement>) -> SubscribedSink {
        let running = holding(outerSubscription)
        outerSubscription.setDisposable(source.subscribe(self))
        return running
    }

    /// Takes `sources` as the outer sequence's elements, then as its completion; what a
    /// producer's `run` returns.
    final func run(elements sources: [SourceElement]) -> SubscribedSink {
        let running = holding(outerSubscription)
        for source in sources {
            if isDisposed { break }
            onNext(source)
        }
        outerFinished()
        return running
    }

    final func on(_ event: Event<SourceElement>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let error):
            if outerGate.admitsTerminalEvent() {
                serializeTerminal(.error(error))
            }
        case .completed:
            if outerGate.admitsTerminalEvent() {
                outerFinished()
            }
        }
    }

    final func onNext(_ element: SourceElement) {
        guard outerGate.admitsElements, !isDisposed else { return }
        if dropsWhileActive {
            let observer = innerObserverType.init(sink: self)
            let claimed: Bool = lock.withLock {
                if released || active > 0 { return false }
                active += 1
                link(observer)
                return true
            }
            guard claimed else { return }
            let inner: Inner
            do {
                inner = try self.inner(for: element)
            } catch {
                serializeTerminal(.error(error))
                return
            }
            subscribeInner(inner, with: observer)
            return
        }
        let inner: Inner
        do {
            inner = try self.inner(for: element)
        } catch {
            serializeTerminal(.error(error))
            return
        }
        let observer = innerObserverType.init(sink: self)
        let starts: Bool = lock.withLock {
            if released { return false }
            if active >= maxConcurrent {
                if waitingInners == nil {
                    waitingInners = RingQueue(minimumCapacity: 2)
                }
                waitingInners?.append(inner)
                return false
            }
            active += 1
            link(observer)
            return true
        }
        if starts {
            subscribeInner(inner, with: observer)
        }
    }

    /// Adds `observer` at the end of the running ones. Called under `lock`.
    private final func link(_ observer: InnerObserver) {
        observer.isLinked = true
        observer.previous = lastInner
        if let lastInner {
            lastInner.next = observer
        } else {
            firstInner = observer
        }
        lastInner = observer
    }

    /// Takes `observer` out of the running ones and returns its subscription; `nil` and `false`
    /// when it was taken out already. Called under `lock`.
    private final func unlink(_ observer: InnerObserver) -> (wasLinked: Bool, subscription: (any Disposable)?) {
        guard observer.isLinked else { return (false, nil) }
        observer.isLinked = false
        let next = observer.next
        if let previous = observer.previous {
            previous.next = next
        } else {
            firstInner = next
        }
        if let next {
            next.previous = observer.previous
        } else {
            lastInner = observer.previous
        }
        observer.next = nil
        observer.previous = nil
        defer { observer.subscription = nil }
        return (true, observer.subscription)
    }

    private final func subscribeInner(_ inner: Inner, with observer: InnerObserver) {
        let subscription = observer.subscribe(to: inner.asObservable())
        // An inner sequence that ended while being subscribed (`just`, say) has been taken out
        // of the list already: its subscription is disposed without taking the lock.
        if observer.hasEnded {
            subscription.dispose()
            return
        }
        let disposeNow: Bool = lock.withLock {
            // Gone already: the inner sequence ended while being subscribed, or the sink was
            // disposed meanwhile.
            guard observer.isLinked else { return true }
            observer.subscription = subscription
            return false
        }
        if disposeNow {
            subscription.dispose()
        }
    }

    /// The outer sequence completed, or its elements were all taken.
    private final func outerFinished() {
        let completes: Bool = lock.withLock {
            outerEnded = true
            return !released && active == 0
        }
        if completes {
            serializeTerminal(.completed)
        } else {
            outerSubscription.dispose()
        }
    }

    /// The inner sequence with `key` failed.
    final func innerFailed(_ error: any Swift.Error) {
        serializeTerminal(.error(error))
    }

    /// The inner sequence `observer` observes completed: its subscription is disposed, and a
    /// waiting sequence takes its place, or the result completes if nothing else runs.
    final func innerCompleted(_ observer: InnerObserver) {
        let (removed, completes, startsLoop): ((any Disposable)?, Bool, Bool) = lock.withLockUnchecked {
            let (wasLinked, subscription) = unlink(observer)
            guard wasLinked else { return (nil, false, false) }
            if let waitingInners, waitingInners.count > startsRequested {
                startsRequested += 1
                defer { starting = true }
                return (subscription, false, !starting)
            }
            active -= 1
            return (subscription, outerEnded && active == 0, false)
        }
        removed?.dispose()
        if completes {
            serializeTerminal(.completed)
        }
        if startsLoop {
            startWaitingInners()
        }
    }

    /// Subscribes to waiting inner sequences, one per place handed over, until none is asked
    /// for; a place handed over while one is being subscribed to is taken by the next turn.
    private final func startWaitingInners() {
        while true {
            let observer = innerObserverType.init(sink: self)
            let next: Inner? = lock.withLockUnchecked {
                if !released, startsRequested > 0, let waitingInners, !waitingInners.isEmpty {
                    startsRequested -= 1
                    link(observer)
                    return waitingInners.removeFirst()
                }
                starting = false
                return nil
            }
            guard let next else { return }
            subscribeInner(next, with: observer)
        }
    }

    override func dispose() {
        super.dispose()
        let (subscriptions, dropped): ([(any Disposable)?], RingQueue<Inner>?) = lock.withLockUnchecked {
            released = true
            var subscriptions: [(any Disposable)?] = []
            while let observer = firstInner {
                subscriptions.append(unlink(observer).subscription)
            }
            defer { waitingInners = nil }
            return (subscriptions, waitingInners)
        }
        for subscription in subscriptions {
            subscription?.dispose()
        }
        // The inner sequences that waited die here, outside the lock.
        _ = dropped
    }
}

/// Observes one inner sequence of a ``MergeSink``: passes its elements on and reports its
/// terminal event. Nothing the inner sequence sends after its terminal event gets through.
final class MergeInnerObserver<SourceElement, Inner: ObservableConvertibleType, Observer: ObserverType>:
    EventRoutingObserver
where Inner.Element == Observer.Element {
    typealias Element = Observer.Element

    private let sink: MergeSink<SourceElement, Inner, Observer>
    private let gate = TerminalGate()

    // The sink's list of running inner sequences, touched only under the sink's lock, which
    // keeps the accesses apart: the runtime's exclusivity check is left out.
    /// Whether the observer is in the sink's list.
    @exclusivity(unchecked)
    var isLinked = false
    /// The next observer in the list; it holds that one.
    @exclusivity(unchecked)
    var next: MergeInnerObserver?
    /// The previous observer in the list, which holds this one.
    @exclusivity(unchecked)
    unowned(unsafe) var previous: MergeInnerObserver?
    /// The subscription to the inner sequence, once its `subscribe` has returned.
    @exclusivity(unchecked)
    var subscription: (any Disposable)?

    init(sink: MergeSink<SourceElement, Inner, Observer>) {
        self.sink = sink
    }

    /// Subscribes this observer to `source`.
    func subscribe(to source: Observable<Element>) -> any Disposable {
        source.subscribe(self)
    }

    /// Whether the inner sequence has sent its terminal event: then the sink has taken this
    /// observer out of its list, or is doing so.
    var hasEnded: Bool {
        !gate.admitsElements
    }

    // Inlined into the protocol witness a source calls, so that an element makes one call here,
    // not two.
    @inline(__always)
    func onNext(_ element: Element) {
        if gate.admitsElements {
            sink.serializeNext(element)
        }
    }

    func onError(_ error: any Swift.Error) {
        if gate.admitsTerminalEvent() {
            sink.innerFailed(error)
        }
    }

    func onCompleted() {
        if gate.admitsTerminalEvent() {
            sink.innerCompleted(self)
        }
    }
}
