import RxCore
import RxDisposables

/// The base of the sinks that follow only the latest inner sequence (`switchLatest`,
/// `flatMapLatest`): subclasses say which inner sequence an element stands for; this class
/// switches.
///
/// Each outer element disposes the running inner subscription, then subscribes to the new inner
/// sequence. An element of an earlier inner sequence that is still on its way when the switch
/// happens is dropped, even once it waits to be delivered (``FanInSink``'s tags). The
/// result completes once the outer sequence and the latest inner one have completed; the first
/// error of the outer sequence or of the latest inner one is passed on once and disposes
/// everything. No lock is held while a selector, a subscription or the observer runs.
class SwitchSink<SourceElement, Inner: ObservableConvertibleType, Observer: ObserverType>:
    FanInSink<Observer>, ObserverType
where Inner.Element == Observer.Element {
    typealias Element = SourceElement
    typealias InnerObserver = SwitchInnerObserver<SourceElement, Inner, Observer>

    private final let outerSubscription = SingleAssignmentDisposable()
    private final let outerGate = TerminalGate()

    // Everything below is touched only under `lock`, which keeps the accesses apart: the
    // runtime's exclusivity check is left out.
    private final let lock = RxLock()
    /// The latest inner sequence's subscription, once its `subscribe` has returned.
    @exclusivity(unchecked)
    private final var current: (any Disposable)?
    /// Whether the latest inner sequence runs.
    @exclusivity(unchecked)
    private final var hasLatest = false
    @exclusivity(unchecked)
    private final var outerEnded = false
    @exclusivity(unchecked)
    private final var released = false

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
                outerCompleted()
            }
        }
    }

    final func onNext(_ element: SourceElement) {
        guard outerGate.admitsElements, !isDisposed else { return }
        let inner: Inner
        do {
            inner = try self.inner(for: element)
        } catch {
            serializeTerminal(.error(error))
            return
        }
        let switched: (id: Int, previous: (any Disposable)?)? = lock.withLockUnchecked {
            if released { return nil }
            hasLatest = true
            defer { current = nil }
            return (advanceTag(), current)
        }
        guard let (id, previous) = switched else { return }
        // The previous inner subscription ends before the next one starts, as in RxSwift.
        previous?.dispose()
        let observer = InnerObserver(sink: self, id: id)
        let subscription = observer.subscribe(to: inner.asObservable())
        if observer.hasEnded {
            subscription.dispose()
            return
        }
        let disposeNow: Bool = lock.withLock {
            // Replaced meanwhile by a later element, or the sink was disposed.
            if released || tag != id { return true }
            current = subscription
            return false
        }
        if disposeNow {
            subscription.dispose()
        }
    }

    private final func outerCompleted() {
        let completes: Bool = lock.withLock {
            outerEnded = true
            return !released && !hasLatest
        }
        if completes {
            serializeTerminal(.completed)
        } else {
            outerSubscription.dispose()
        }
    }

    /// The inner sequence `id` failed: ends the result if it is the latest.
    final func innerFailed(_ error: any Swift.Error, id: Int) {
        let isLatest: Bool = lock.withLock { !released && tag == id }
        if isLatest {
            serializeTerminal(.error(error))
        }
    }

    /// The inner sequence `id` completed: if it is the latest, its subscription is disposed,
    /// and the result completes if the outer sequence has.
    final func innerCompleted(id: Int) {
        let (subscription, completes): ((any Disposable)?, Bool) = lock.withLockUnchecked {
            guard !released, tag == id else { return (nil, false) }
            hasLatest = false
            defer { current = nil }
            return (current, outerEnded)
        }
        subscription?.dispose()
        if completes {
            serializeTerminal(.completed)
        }
    }

    override func dispose() {
        super.dispose()
        let subscription: (any Disposable)? = lock.withLockUnchecked {
            released = true
            defer { current = nil }
            return current
        }
        subscription?.dispose()
    }
}

/// Observes one inner sequence of a ``SwitchSink``: passes its elements on, tagged with the
/// sequence's number, and reports its terminal event. Nothing the inner sequence sends after its
/// terminal event gets through.
final class SwitchInnerObserver<SourceElement, Inner: ObservableConvertibleType, Observer: ObserverType>:
    EventRoutingObserver
where Inner.Element == Observer.Element {
    typealias Element = Observer.Element

    private let sink: SwitchSink<SourceElement, Inner, Observer>
    private let id: Int
    private let gate = TerminalGate()

    init(sink: SwitchSink<SourceElement, Inner, Observer>, id: Int) {
        self.sink = sink
        self.id = id
    }

    /// Subscribes this observer to `source`.
    func subscribe(to source: Observable<Element>) -> any Disposable {
        source.subscribe(self)
    }

    /// Whether the inner sequence has sent its terminal event.
    var hasEnded: Bool {
        !gate.admitsElements
    }

    func onNext(_ element: Element) {
        if gate.admitsElements {
            sink.serializeNext(element, tag: id)
        }
    }

    func onError(_ error: any Swift.Error) {
        if gate.admitsTerminalEvent() {
            sink.innerFailed(error, id: id)
        }
    }

    func onCompleted() {
        if gate.admitsTerminalEvent() {
            sink.innerCompleted(id: id)
        }
    }
}
