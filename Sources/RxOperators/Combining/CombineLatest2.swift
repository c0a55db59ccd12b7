import RxCore
import RxDisposables

/// The producer behind `combineLatest` of two sources: a sink written for exactly two, whose
/// element path looks no generic type up at run time, where the parameter pack's
/// (``CombineLatest``) does (Benchmarks/RESULTS.md, "Notes moved out of the guides", has the
/// measurements).
final class CombineLatest2<Result, First, Second>: Producer<Result> {
    private let first: Observable<First>
    private let second: Observable<Second>
    private let resultSelector: (First, Second) throws -> Result
    private let pairOffset: Int?

    /// `pairOffset`, given only when `Result` is `(First, Second)`, is the offset of the second
    /// element in that tuple: the sink then builds the tuple in place of calling
    /// `resultSelector`, which, in unspecialised code, would look the tuple's metadata up for
    /// every element.
    init(
        _ first: Observable<First>, _ second: Observable<Second>, pairOffset: Int? = nil,
        resultSelector: @escaping (First, Second) throws -> Result
    ) {
        self.first = first
        self.second = second
        self.resultSelector = resultSelector
        self.pairOffset = pairOffset
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Result {
        let sink = CombineLatest2Sink<Observer, First, Second>(
            pairOffset: pairOffset, resultSelector: resultSelector, observer: observer, cancel: cancel)
        let running = sink.holding(Disposables.create(sink.firstSubscription, sink.secondSubscription))
        sink.firstSubscription.setDisposable(first.subscribe(CombineLatest2FirstObserver(sink: sink)))
        sink.secondSubscription.setDisposable(second.subscribe(CombineLatest2SecondObserver(sink: sink)))
        return running
    }
}

/// Keeps the latest element of both sources and, once each has sent one, sends the result of
/// both whenever either sends.
///
/// The latest elements live in an `ElementSlot` each: in code not specialised for the element
/// types, an optional of one, a class boxing one or a tuple of both is looked up at run time on
/// every use, which this path never does.
final class CombineLatest2Sink<Observer: ObserverType, First, Second>: SerializingSink<Observer, (First, Second)> {
    let firstSubscription = SingleAssignmentDisposable()
    let secondSubscription = SingleAssignmentDisposable()
    private let resultSelector: (First, Second) throws -> Observer.Element
    // Touched only by the thread holding the serializer.
    @exclusivity(unchecked)
    private var latestFirst = ElementSlot<First>()
    @exclusivity(unchecked)
    private var latestSecond = ElementSlot<Second>()
    private var isFirstDone = false
    private var isSecondDone = false

    // The tuple form's result, built in place by the deliverer (see the producer's `pairOffset`):
    // uninitialised except inside `deliver(first:second:)`, which builds the pair and moves it out.
    private let pairOffset: Int?
    private let outgoingPair: UnsafeMutableRawPointer?

    init(
        pairOffset: Int?, resultSelector: @escaping (First, Second) throws -> Observer.Element, observer: Observer,
        cancel: any Cancelable
    ) {
        self.resultSelector = resultSelector
        self.pairOffset = pairOffset
        outgoingPair =
            pairOffset == nil
            ? nil
            : UnsafeMutableRawPointer.allocate(
                byteCount: MemoryLayout<Observer.Element>.size, alignment: MemoryLayout<Observer.Element>.alignment)
        super.init(observer: observer, cancel: cancel)
    }

    deinit {
        outgoingPair?.deallocate()
    }

    func nextFirst(_ element: First) {
        guard !isTerminated else { return }
        var element = element
        latestFirst.exchange(&element)
        deliverLatest(otherIsDone: isSecondDone)
        // The replaced element, now in `element`, dies as this returns: whatever its `deinit`
        // sends follows this delivery.
    }

    func nextSecond(_ element: Second) {
        guard !isTerminated else { return }
        var element = element
        latestSecond.exchange(&element)
        deliverLatest(otherIsDone: isFirstDone)
        // As in `nextFirst(_:)`, the replaced element dies after this delivery.
    }

    /// After an element was stored: delivers the latest pair, now or, from inside a delivery,
    /// after it.
    private func deliverLatest(otherIsDone: Bool) {
        guard latestFirst.hasElement, latestSecond.hasElement else {
            // The other source finished without an element: there will never be a pair.
            if otherIsDone {
                claimCompletion()
            }
            return
        }
        if claimDelivery() {
            deliver(first: latestFirst.element, second: latestSecond.element)
        } else {
            enqueueLatestPair()
        }
    }

    /// From inside a delivery: queues the latest pair for after it. Separate, so that the
    /// element path does not look up the tuple's and the queue item's metadata.
    private func enqueueLatestPair() {
        enqueue(.item((latestFirst.element, latestSecond.element)))
    }

    /// Ends the subscription with completion, delivered now or, from inside a delivery, after
    /// it.
    private func claimCompletion() {
        isTerminated = true
        if claimDelivery() {
            deliverCompletion()
        } else {
            enqueue(.completed)
        }
    }

    /// Separate, so that the element path does not look up the metadata this needs.
    private func deliverCompletion() {
        deliverClaimed(.completed)
    }

    func done(isFirst: Bool) {
        guard !isTerminated else { return }
        if isFirst {
            isFirstDone = true
        } else {
            isSecondDone = true
        }
        if isFirstDone && isSecondDone {
            claimCompletion()
        }
    }

    func fail(_ error: any Swift.Error) {
        guard !isTerminated, let delivery = claimOrQueue(terminate(.error(error))) else { return }
        deliverClaimed(delivery)
    }

    private func deliver(first: First, second: Second) {
        if let pairOffset, let outgoingPair {
            // `Observer.Element` is `(First, Second)`, whose second element is at `pairOffset`.
            // One value copied each, not a buffer of one (`from:count:`), which in unspecialised
            // code goes through the runtime's array copy and `memcpy`.
            outgoingPair.initializeMemory(as: First.self, to: first)
            (outgoingPair + pairOffset).initializeMemory(as: Second.self, to: second)
            forwardNext(outgoingPair.assumingMemoryBound(to: Observer.Element.self).move())
            return
        }
        let result: Observer.Element
        do {
            result = try resultSelector(first, second)
        } catch {
            failFromSelector(error)
            return
        }
        forwardNext(result)
    }

    override func deliver(_ item: (First, Second)) {
        deliver(first: item.0, second: item.1)
    }

    override func releaseRetainedState() {
        // Each dies after its slot is empty, outside the slot's access.
        if latestFirst.hasElement {
            _ = latestFirst.take()
        }
        if latestSecond.hasElement {
            _ = latestSecond.take()
        }
    }
}

/// The first source's observer in a two-source `combineLatest`.
struct CombineLatest2FirstObserver<Observer: ObserverType, First, Second>: EventRoutingObserver {
    let sink: CombineLatest2Sink<Observer, First, Second>

    func onNext(_ element: First) {
        sink.serialized {
            sink.nextFirst(element)
        }
    }

    func onError(_ error: any Swift.Error) {
        sink.serialized {
            sink.fail(error)
        }
        // Disposed outside the turn: the source's teardown may wait for a thread that is itself
        // waiting for the turn to send into another source (RxSwift's test2703).
        sink.firstSubscription.dispose()
    }

    func onCompleted() {
        sink.serialized {
            sink.done(isFirst: true)
        }
        // Disposed outside the turn: the source's teardown may wait for a thread that is itself
        // waiting for the turn to send into another source (RxSwift's test2703).
        sink.firstSubscription.dispose()
    }
}

/// The second source's observer in a two-source `combineLatest`.
struct CombineLatest2SecondObserver<Observer: ObserverType, First, Second>: EventRoutingObserver {
    let sink: CombineLatest2Sink<Observer, First, Second>

    func onNext(_ element: Second) {
        sink.serialized {
            sink.nextSecond(element)
        }
    }

    func onError(_ error: any Swift.Error) {
        sink.serialized {
            sink.fail(error)
        }
        // Disposed outside the turn: the source's teardown may wait for a thread that is itself
        // waiting for the turn to send into another source (RxSwift's test2703).
        sink.secondSubscription.dispose()
    }

    func onCompleted() {
        sink.serialized {
            sink.done(isFirst: false)
        }
        // Disposed outside the turn: the source's teardown may wait for a thread that is itself
        // waiting for the turn to send into another source (RxSwift's test2703).
        sink.secondSubscription.dispose()
    }
}
