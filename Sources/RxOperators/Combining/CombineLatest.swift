import RxCore
import RxDisposables

// The public overloads for two to eight sources are generated: CombineLatest+Arity.swift.

/// The producer behind `combineLatest` of two to eight sources: one implementation for every
/// arity, through a parameter pack (Docs/Operators.md, "Arity", has the measurements).
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

/// One source's place in a `combineLatest`: its latest element, guarded by the sink's lock, and
/// its subscription, which ends when the source does.
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
/// Each source event runs inside the delivery turn, as `serialized(_:)` would run it, but through
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
        let hold = enterTurn()
        defer { leaveTurn(hold) }
        let (delivery, replaced) = lock.withLockUnchecked {
            () -> (SerializedDelivery<(repeat each Source)>?, Element?) in
            // Shared: the slots are touched only under this lock.
            guard !isTerminated else { return (nil, nil) }
            let replaced = slot.latest
            slot.latest = element
            hasLatest |= bit
            if hasLatest == all {
                return (claimOrQueue(.item(snapshot())), replaced)
            }
            // Every other source finished: the missing ones will never send.
            if isDone | bit == all {
                return (claimOrQueue(terminate(.completed)), replaced)
            }
            return (nil, replaced)
        }
        _ = replaced
        if let delivery {
            deliverInOrder(delivery)
        }
    }

    /// Under the lock, once every source has sent: the latest element of each.
    private func snapshot() -> (repeat each Source) {
        let slots = self.slots
        return (repeat latestElement(of: each slots))
    }

    func done(bit: UInt16) {
        let hold = enterTurn()
        defer { leaveTurn(hold) }
        let delivery = lock.withLockUnchecked { () -> SerializedDelivery<(repeat each Source)>? in
            guard !isTerminated else { return nil }
            isDone |= bit
            return isDone == all ? claimOrQueue(terminate(.completed)) : nil
        }
        if let delivery {
            deliverInOrder(delivery)
        }
    }

    func fail(_ error: any Swift.Error) {
        let hold = enterTurn()
        defer { leaveTurn(hold) }
        let delivery = lock.withLockUnchecked { () -> SerializedDelivery<(repeat each Source)>? in
            guard !isTerminated else { return nil }
            return claimOrQueue(terminate(.error(error)))
        }
        if let delivery {
            deliverInOrder(delivery)
        }
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
            let latest = lock.withLockUnchecked { slot.takeLatest() }
            _ = latest
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
