import RxCore
import RxDisposables

/// The base of the sinks that subscribe to an inner sequence per outer element and merge what
/// the inner sequences send (`merge`, `merge(maxConcurrent:)`, `flatMap`, `flatMapFirst`,
/// `concatMap`, `concat()`): subclasses say which inner sequence an element stands for; this
/// class runs them.
///
/// The outer subscription and every running inner one are kept in a `CompositeDisposable`, so
/// that disposing the sink reaches them all at once from any thread, the outer one first, then
/// the inner ones in the order they were made; an inner subscription leaves it, disposed, when its
/// sequence ends. The result completes when the outer sequence and every inner one have
/// completed; the first error, outer or inner, is passed on once and disposes everything. Inner
/// events reach the downstream one at a time (``FanInSink``), whatever their threads.
///
/// What decides completion and which inner sequence starts (how many run, whether the outer
/// sequence ended, the ones waiting) is touched only holding the serializer
/// (``FanInSink/holdingSerializer(_:)``): an outer element or an inner end takes its turn like an
/// element, and no lock sits beside the serializer.
///
/// With a limit on concurrent inner subscriptions, the inner sequences beyond it wait in a queue
/// and are subscribed to, in order, as running ones complete, by a loop rather than from inside
/// the completion, so that inner sequences completing while they are subscribed do not grow the
/// stack. A waiting sequence is released as soon as it is subscribed to.
///
/// Neither the serializer nor a lock is held while a selector, a subscription or a disposal runs.
class MergeSink<SourceElement, Inner: ObservableConvertibleType, Observer: ObserverType>:
    FanInSink<Observer>, ObserverType
where Inner.Element == Observer.Element {
    typealias Element = SourceElement

    typealias InnerObserver = MergeInnerObserver<SourceElement, Inner, Observer>

    private final let maxConcurrent: Int
    private final let dropsWhileActive: Bool
    /// The outer subscription, disposed when the outer sequence ends, before the inner ones do.
    private final let outerSubscription = SingleAssignmentDisposable()
    /// The outer subscription, then the inner ones that outlived their `subscribe` call.
    final let subscriptions = CompositeDisposable()
    private final let outerGate = TerminalGate()

    // Looked up once: making an observer from it asks the runtime for no generic metadata.
    private final let innerObserverType = InnerObserver.self

    // Touched only holding the serializer.
    /// Inner sequences running or handed a running one's place and about to be subscribed to.
    private final var active = 0
    private final var outerEnded = false
    private final var waitingInners: RingQueue<Inner>?
    /// Places handed over by completed inner sequences to waiting ones, not yet taken.
    private final var startsRequested = 0
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
        let running = holding(subscriptions)
        subscriptions.insert(outerSubscription)
        outerSubscription.setDisposable(source.subscribe(self))
        return running
    }

    /// Takes `sources` as the outer sequence's elements, then as its completion; what a
    /// producer's `run` returns.
    final func run(elements sources: [SourceElement]) -> SubscribedSink {
        let running = holding(subscriptions)
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
            let claimed = holdingSerializer { () -> Bool in
                if active > 0 { return false }
                active += 1
                return true
            }
            guard claimed == true else { return }
            let inner: Inner
            do {
                inner = try self.inner(for: element)
            } catch {
                serializeTerminal(.error(error))
                return
            }
            subscribeInner(inner)
            return
        }
        let inner: Inner
        do {
            inner = try self.inner(for: element)
        } catch {
            serializeTerminal(.error(error))
            return
        }
        let starts = holdingSerializer { () -> Bool in
            if active < maxConcurrent {
                active += 1
                return true
            }
            waitInLine(inner)
            return false
        }
        if starts == true {
            subscribeInner(inner)
        }
    }

    /// Keeps `inner` until a running inner sequence completes. Holding the serializer.
    private final func waitInLine(_ inner: Inner) {
        if let waitingInners {
            waitingInners.append(inner)
        } else {
            let waitingInners = RingQueue<Inner>(minimumCapacity: 2)
            waitingInners.append(inner)
            self.waitingInners = waitingInners
        }
    }

    private final func subscribeInner(_ inner: Inner) {
        let observer = innerObserverType.init(sink: self)
        observer.keep(observer.subscribe(to: inner.asObservable()))
    }

    /// The outer sequence completed, or its elements were all taken.
    private final func outerFinished() {
        let completes = holdingSerializer { () -> Bool in
            outerEnded = true
            return active == 0
        }
        if completes == true {
            serializeTerminal(.completed)
        } else {
            outerSubscription.dispose()
        }
    }

    /// An inner sequence failed.
    final func innerFailed(_ error: any Swift.Error) {
        serializeTerminal(.error(error))
    }

    /// An inner sequence completed, and its subscription has been disposed: a waiting sequence
    /// takes its place, or the result completes if nothing else runs.
    final func innerCompleted() {
        let outcome = holdingSerializer { () -> (completes: Bool, startsLoop: Bool) in
            if let waitingInners, waitingInners.count > startsRequested {
                startsRequested += 1
                defer { starting = true }
                return (false, !starting)
            }
            active -= 1
            return (outerEnded && active == 0, false)
        }
        guard let outcome else { return }
        if outcome.completes {
            serializeTerminal(.completed)
        }
        if outcome.startsLoop {
            startWaitingInners()
        }
    }

    /// Subscribes to waiting inner sequences, one per place handed over, until none is asked
    /// for; a place handed over while one is being subscribed to is taken by the next turn.
    private final func startWaitingInners() {
        while true {
            let next = holdingSerializer { () -> Inner? in
                if startsRequested > 0, let waitingInners, !waitingInners.isEmpty {
                    startsRequested -= 1
                    return waitingInners.removeFirst()
                }
                starting = false
                return nil
            }
            // `nil` once disposed, or when no place is asked for.
            guard let next = next ?? nil else { return }
            subscribeInner(next)
        }
    }

    override func releaseRetainedState() {
        // The inner sequences that waited die here, holding the serializer.
        waitingInners = nil
    }
}

/// Observes one inner sequence of a ``MergeSink``: passes its elements on and reports its
/// terminal event, after disposing its subscription on completion. Nothing the inner sequence sends after its
/// terminal event gets through.
///
/// Its subscription reaches it only once `subscribe` has returned, when the sequence may have
/// ended already, here or on another thread. Whichever comes second, the subscription or the
/// end, disposes it (`DisposalHandOff`): an inner sequence that ends while being subscribed to
/// (`just`) is never kept; one that outlives its `subscribe` call is kept in the sink's
/// `CompositeDisposable` until it ends.
final class MergeInnerObserver<SourceElement, Inner: ObservableConvertibleType, Observer: ObserverType>:
    EventRoutingObserver
where Inner.Element == Observer.Element {
    typealias Element = Observer.Element

    private let sink: MergeSink<SourceElement, Inner, Observer>
    private let gate = TerminalGate()
    private let membership = DisposalHandOff()
    /// The subscription's place in the sink's group; stored and read as `membership` orders.
    private var key: CompositeDisposable.DisposeKey?

    init(sink: MergeSink<SourceElement, Inner, Observer>) {
        self.sink = sink
    }

    /// Subscribes this observer to `source`.
    func subscribe(to source: Observable<Element>) -> any Disposable {
        source.subscribe(self)
    }

    /// Keeps `subscription`, this observer's, in the sink's group until the sequence ends;
    /// disposes it at once when the sequence has ended already.
    func keep(_ subscription: any Disposable) {
        let secondArrival = "MergeInnerObserver.keep(_:) was called a second time"
        if membership.arrivesDisposed(secondArrival: secondArrival) {
            subscription.dispose()
            return
        }
        let group = sink.subscriptions
        key = group.insert(subscription)
        if membership.publishArrival(secondArrival: secondArrival), let key {
            group.remove(for: key)
        }
    }

    /// At the sequence's end: disposes the subscription, now if it has arrived, otherwise as it
    /// arrives.
    private func disposeSubscription() {
        if membership.requestDisposal(), let key {
            sink.subscriptions.remove(for: key)
        }
    }

    func onNext(_ element: Element) {
        if gate.admitsElements {
            sink.serializeNext(element)
        }
    }

    func onError(_ error: any Swift.Error) {
        if gate.admitsTerminalEvent() {
            // Disposed with everything else once the error is passed on, as in RxSwift.
            sink.innerFailed(error)
        }
    }

    func onCompleted() {
        if gate.admitsTerminalEvent() {
            disposeSubscription()
            sink.innerCompleted()
        }
    }
}
