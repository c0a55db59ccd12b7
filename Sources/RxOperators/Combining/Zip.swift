import RxCore
import RxDisposables

// The public overloads for two to eight sources are generated: Zip+Arity.swift.

/// The producer behind `zip` of three to eight sources: one implementation for every arity,
/// through a parameter pack. Two sources, the common case, go to ``Zip2`` (Benchmarks/RESULTS.md,
/// "Notes moved out of the guides", has the measurements).
final class Zip<Result, each Source>: Producer<Result> {
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
        let sink = ZipSink<Observer, repeat each Source>(
            resultSelector: resultSelector, observer: observer, cancel: cancel)
        let running = sink.holding(sink.subscriptions())
        sink.subscribe(repeat each sources)
        return running
    }
}

/// One source's place in a `zip`: the elements it sent that are not paired yet, touched only by
/// the thread holding the sink's serializer, and its subscription, which ends when the source
/// does.
final class ZipSlot<Element> {
    var waiting: RingQueue<Element>? = RingQueue(minimumCapacity: 4)
    let subscription = SingleAssignmentDisposable()

    var hasElement: Bool {
        !(waiting?.isEmpty ?? true)
    }

    /// The oldest waiting element, which the slot no longer holds.
    func takeFirst() -> Element {
        waiting!.removeFirst()
    }

    /// The queue with whatever still waits in it; the slot keeps nothing afterwards.
    func takeAll() -> RingQueue<Element>? {
        defer { waiting = nil }
        return waiting
    }
}

/// Queues each source's elements and sends the result of the first waiting element of every
/// source as soon as each has one, taking them out of their queues.
///
/// Each source event runs holding the serializer, as `serialized(_:)` would run it, but through
/// `enterTurn()` and `leaveTurn(_:)`: a closure here cannot capture the parameter pack.
final class ZipSink<Observer: ObserverType, each Source>: SerializingSink<Observer, (repeat each Source)> {
    private let slots: (repeat ZipSlot<each Source>)
    private let resultSelector: (repeat each Source) throws -> Observer.Element
    // Bit i: source i has finished. At most eight sources.
    private var isDone: UInt16 = 0
    private let all: UInt16

    init(
        resultSelector: @escaping (repeat each Source) throws -> Observer.Element, observer: Observer,
        cancel: any Cancelable
    ) {
        slots = (repeat ZipSlot<each Source>())
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
                source.subscribe(ZipSourceObserver(sink: self, slot: slot, bit: 1 << index)))
            index += 1
        }
    }

    func next<Element>(_ element: Element, in slot: ZipSlot<Element>) {
        let turn = enterTurn()
        defer { leaveTurn(turn) }
        guard turn.admits, !isTerminated, let waiting = slot.waiting else { return }
        if everySourceHasAnElement(besides: slot) {
            waiting.append(element)
            if let delivery = claimOrQueue(.item(takeFirstOfEach())) {
                deliverClaimed(delivery)
            }
            return
        }
        // A source that finished with nothing waiting will never complete a pair again, so the
        // element is not kept. The result still ends only when every source has, as RxSwift's
        // zip of sources does and its tests (testZip_AllCompleted3...8) ask.
        if !someFinishedSourceIsEmpty() {
            waiting.append(element)
        }
    }

    /// Whether every source but the one of `arrived` has an element waiting.
    private func everySourceHasAnElement<Element>(besides arrived: ZipSlot<Element>) -> Bool {
        let slots = self.slots
        for slot in repeat each slots {
            if !slot.hasElement && slot !== arrived {
                return false
            }
        }
        return true
    }

    /// Whether a source that finished has no element waiting.
    private func someFinishedSourceIsEmpty() -> Bool {
        let slots = self.slots
        var bit: UInt16 = 1
        for slot in repeat each slots {
            if isDone & bit != 0 && !slot.hasElement {
                return true
            }
            bit <<= 1
        }
        return false
    }

    private func takeFirstOfEach() -> (repeat each Source) {
        let slots = self.slots
        return (repeat takeFirstElement(of: each slots))
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
            _ = slot.takeAll()
        }
    }
}

/// The oldest waiting element of `slot`, which has one.
private func takeFirstElement<Element>(of slot: ZipSlot<Element>) -> Element {
    slot.takeFirst()
}

/// One source's observer in a `zip`.
struct ZipSourceObserver<Observer: ObserverType, Element, each Source>: EventRoutingObserver {
    let sink: ZipSink<Observer, repeat each Source>
    let slot: ZipSlot<Element>
    let bit: UInt16

    func onNext(_ element: Element) {
        sink.next(element, in: slot)
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
