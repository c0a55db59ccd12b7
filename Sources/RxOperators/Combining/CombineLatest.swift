import RxCore
import RxDisposables

// The public overloads for two to eight sources are generated: CombineLatest+Arity.swift.

/// The producer behind `combineLatest` of three to eight sources: one implementation for every
/// arity, through a parameter pack. Two sources, the common case, go to ``CombineLatest2``
/// (Benchmarks/RESULTS.md, "Notes moved out of the guides", has the measurements).
final class CombineLatest<Result, each Source>: Producer<Result> {
    private let sources: (repeat Observable<each Source>)
    private let resultSelector: (repeat each Source) throws -> Result

    init(
        _ sources: repeat Observable<each Source>, resultSelector: @escaping (repeat each Source) throws -> Result
    ) {
        self.sources = (repeat each sources)
        self.resultSelector = resultSelector
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Result {
        let sink = CombineLatestSink<Observer, repeat each Source>(
            resultSelector: resultSelector, observer: observer, cancel: cancel)
        let running = sink.holding(sink.subscriptions())
        sink.subscribe(repeat each sources)
        return running
    }
}

/// One source's place in a `combineLatest`: its latest element, touched only by the thread
/// holding the sink's serializer, and its subscription, which ends when the source does.
final class CombineLatestSlot<Element> {
    var latest: Element?
    let subscription = SingleAssignmentDisposable()

    /// Takes the latest element out, leaving the slot empty.
    func takeLatest() -> Element? {
        defer { latest = nil }
        return latest
    }
}

/// Keeps the latest element of every source and, once each has sent one, sends the result of
/// all of them whenever any sends.
///
/// Each source event runs holding the serializer, as `serialized(_:)` would run it, but through
/// `enterTurn()` and `leaveTurn(_:)`: a closure here cannot capture the parameter pack.
final class CombineLatestSink<Observer: ObserverType, each Source>:
    SerializingSink<Observer, (repeat each Source)>
{
    private let slots: (repeat CombineLatestSlot<each Source>)
    private let resultSelector: (repeat each Source) throws -> Observer.Element
    // Bit i: source i has sent an element, has finished. At most eight sources.
    private var hasLatest: UInt16 = 0
    private var isDone: UInt16 = 0
    private let all: UInt16

    init(
        resultSelector: @escaping (repeat each Source) throws -> Observer.Element, observer: Observer,
        cancel: any Cancelable
    ) {
        slots = (repeat CombineLatestSlot<each Source>())
        self.resultSelector = resultSelector
        var arity = 0
        for _ in repeat (each Source).self {
            arity += 1
        }
        all = UInt16((1 << arity) - 1)
        super.init(observer: observer, cancel: cancel)
    }

    /// Every source's subscription, for the sink to dispose.
    func subscriptions() -> any Disposable {
        var list: [any Disposable] = []
        for slot in repeat each slots {
            list.append(slot.subscription)
        }
        return CompositeDisposable(disposables: list)
    }

    /// Subscribes to the sources in order.
    func subscribe(_ sources: repeat Observable<each Source>) {
        var index = 0
        for (source, slot) in repeat (each sources, each slots) {
            slot.subscription.setDisposable(
                source.subscribe(CombineLatestSourceObserver(sink: self, slot: slot, bit: 1 << index)))
            index += 1
        }
    }

    func next<Element>(_ element: Element, in slot: CombineLatestSlot<Element>, bit: UInt16) {
        let turn = enterTurn()
        defer { leaveTurn(turn) }
        guard turn.admits, !isTerminated else { return }
        var replaced: Element? = element
        swap(&slot.latest, &replaced)
        // `replaced` dies as this returns, once this event is delivered: whatever its `deinit`
        // sends follows it.
        hasLatest |= bit
        let delivery: SerializedDelivery<(repeat each Source)>?
        if hasLatest == all {
            delivery = claimOrQueue(.item(snapshot()))
        } else if isDone | bit == all {
            // Every other source finished: the missing ones will never send.
            delivery = claimOrQueue(terminate(.completed))
        } else {
            delivery = nil
        }
        if let delivery {
            deliverClaimed(delivery)
        }
    }

    /// Once every source has sent: the latest element of each.
    private func snapshot() -> (repeat each Source) {
        let slots = self.slots
        return (repeat latestElement(of: each slots))
    }

    func done(bit: UInt16) {
        let turn = enterTurn()
        defer { leaveTurn(turn) }
        guard turn.admits, !isTerminated else { return }
        isDone |= bit
        if isDone == all, let delivery = claimOrQueue(terminate(.completed)) {
            deliverClaimed(delivery)
        }
    }

    func fail(_ error: any Swift.Error) {
        let turn = enterTurn()
        defer { leaveTurn(turn) }
        guard turn.admits, !isTerminated, let delivery = claimOrQueue(terminate(.error(error))) else { return }
        deliverClaimed(delivery)
    }

    override func deliver(_ item: (repeat each Source)) {
        let result: Observer.Element
        do {
            result = try resultSelector(repeat each item)
        } catch {
            failFromSelector(error)
            return
        }
        forwardNext(result)
    }

    override func releaseRetainedState() {
        for slot in repeat each slots {
            _ = slot.takeLatest()
        }
    }
}

/// The latest element of `slot`, which has one.
private func latestElement<Element>(of slot: CombineLatestSlot<Element>) -> Element {
    slot.latest!
}

/// One source's observer in a `combineLatest`.
struct CombineLatestSourceObserver<Observer: ObserverType, Element, each Source>: EventRoutingObserver {
    let sink: CombineLatestSink<Observer, repeat each Source>
    let slot: CombineLatestSlot<Element>
    let bit: UInt16

    func onNext(_ element: Element) {
        sink.next(element, in: slot, bit: bit)
    }

    func onError(_ error: any Swift.Error) {
        slot.subscription.dispose()
        sink.fail(error)
    }

    func onCompleted() {
        slot.subscription.dispose()
        sink.done(bit: bit)
    }
}
