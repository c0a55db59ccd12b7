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
/// everything.
///
/// The latest inner subscription is kept in a `SerialDisposable`, so that disposing the sink
/// reaches it at once from any thread; whether the latest inner sequence runs and whether the
/// outer one ended are touched only holding the serializer (``FanInSink/holdingSerializer(_:)``),
/// as RxSwift decides them under the lock it delivers with. Neither the serializer nor a lock is
/// held while a selector, a subscription or a disposal runs.
class SwitchSink<SourceElement, Inner: ObservableConvertibleType, Observer: ObserverType>:
    FanInSink<Observer>, ObserverType
where Inner.Element == Observer.Element {
    typealias Element = SourceElement
    typealias InnerObserver = SwitchInnerObserver<SourceElement, Inner, Observer>

    private final let outerSubscription = SingleAssignmentDisposable()
    /// The latest inner sequence's subscription, once its `subscribe` has returned.
    private final let latestSubscription = SerialDisposable()
    private final let outerGate = TerminalGate()

    // Touched only holding the serializer.
    /// Whether the latest inner sequence runs.
    private final var hasLatest = false
    private final var outerEnded = false

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
        let switched = holdingSerializer { () -> Int in
            hasLatest = true
            return advanceTag()
        }
        guard let id = switched else { return }
        // The previous inner subscription ends before the next one starts, as in RxSwift.
        latestSubscription.disposable = nil
        let observer = InnerObserver(sink: self, id: id)
        guard let subscription = observer.keep(observer.subscribe(to: inner.asObservable())) else { return }
        // Outer elements come one at a time, so only one sent from inside this subscription (a
        // reentrant switch) can have replaced this inner sequence meanwhile.
        if tag == id {
            latestSubscription.disposable = subscription
        } else {
            subscription.dispose()
        }
    }

    private final func outerCompleted() {
        let completes = holdingSerializer { () -> Bool in
            outerEnded = true
            return !hasLatest
        }
        if completes == true {
            serializeTerminal(.completed)
        } else {
            outerSubscription.dispose()
        }
    }

    /// The inner sequence `id` failed: ends the result if it is the latest.
    final func innerFailed(_ error: any Swift.Error, id: Int) {
        if tag == id {
            serializeTerminal(.error(error))
        }
    }

    /// The inner sequence `id` completed, and its subscription has been disposed: if it is the
    /// latest, the result completes if the outer sequence has.
    final func innerCompleted(id: Int) {
        let completes = holdingSerializer { () -> Bool in
            guard tag == id else { return false }
            hasLatest = false
            return outerEnded
        }
        if completes == true {
            serializeTerminal(.completed)
        }
    }

    override func dispose() {
        super.dispose()
        latestSubscription.dispose()
    }
}

/// Observes one inner sequence of a ``SwitchSink``: passes its elements on, tagged with the
/// sequence's number, and reports its terminal event, after disposing its subscription. Nothing
/// the inner sequence sends after its terminal event gets through.
///
/// Its subscription reaches it only once `subscribe` has returned, when the sequence may have
/// ended already, here or on another thread. Whichever comes second, the subscription or the
/// end, disposes it (`DisposalHandOff`), so an inner sequence disposes exactly its own
/// subscription, never a later one the sink keeps by then.
final class SwitchInnerObserver<SourceElement, Inner: ObservableConvertibleType, Observer: ObserverType>:
    EventRoutingObserver
where Inner.Element == Observer.Element {
    typealias Element = Observer.Element

    private let sink: SwitchSink<SourceElement, Inner, Observer>
    private let id: Int
    private let gate = TerminalGate()
    private let ending = DisposalHandOff()
    /// The subscription, stored and read as `ending` orders.
    private var subscription: (any Disposable)?

    init(sink: SwitchSink<SourceElement, Inner, Observer>, id: Int) {
        self.sink = sink
        self.id = id
    }

    /// Subscribes this observer to `source`.
    func subscribe(to source: Observable<Element>) -> any Disposable {
        source.subscribe(self)
    }

    /// Keeps `subscription`, this observer's, to dispose at the sequence's end, and returns it;
    /// disposes it at once, and returns `nil`, when the sequence has ended already.
    func keep(_ subscription: any Disposable) -> (any Disposable)? {
        let secondArrival = "SwitchInnerObserver.keep(_:) was called a second time"
        if ending.arrivesDisposed(secondArrival: secondArrival) {
            subscription.dispose()
            return nil
        }
        self.subscription = subscription
        if ending.publishArrival(secondArrival: secondArrival) {
            self.subscription = nil
            subscription.dispose()
            return nil
        }
        return subscription
    }

    /// At the sequence's end: disposes the subscription, now if it has arrived, otherwise as it
    /// arrives.
    private func disposeSubscription() {
        guard ending.requestDisposal() else { return }
        let subscription = self.subscription
        self.subscription = nil
        subscription?.dispose()
    }

    func onNext(_ element: Element) {
        if gate.admitsElements {
            sink.serializeNext(element, tag: id)
        }
    }

    func onError(_ error: any Swift.Error) {
        if gate.admitsTerminalEvent() {
            disposeSubscription()
            sink.innerFailed(error, id: id)
        }
    }

    func onCompleted() {
        if gate.admitsTerminalEvent() {
            disposeSubscription()
            sink.innerCompleted(id: id)
        }
    }
}
