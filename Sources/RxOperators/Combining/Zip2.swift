import RxCore
import RxDisposables

/// The producer behind `zip` of two sources: a concrete two-source sink, the fast path
/// (Docs/Operators.md, "Arity", has the measurements).
final class Zip2<Result, First, Second>: Producer<Result> {
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
        let sink = Zip2Sink<Observer, First, Second>(
            pairOffset: pairOffset, resultSelector: resultSelector, observer: observer, cancel: cancel)
        let running = sink.holding(Disposables.create(sink.firstSubscription, sink.secondSubscription))
        sink.firstSubscription.setDisposable(first.subscribe(Zip2FirstObserver(sink: sink)))
        sink.secondSubscription.setDisposable(second.subscribe(Zip2SecondObserver(sink: sink)))
        return running
    }
}

/// Queues the elements of the source that is ahead and pairs each with the other source's
/// element at the same position as soon as it arrives, taking it out of the queue.
///
/// At most one queue holds elements at a time: an element that finds a partner waiting is
/// paired at once and never queued. The pair being delivered sits in two slots that only the
/// deliverer reads (see ``CombineLatest2Sink`` on why no tuple or optional is built on this
/// path).
final class Zip2Sink<Observer: ObserverType, First, Second>: SerializingSink<Observer, (First, Second)> {
    let firstSubscription = SingleAssignmentDisposable()
    let secondSubscription = SingleAssignmentDisposable()
    private let resultSelector: (First, Second) throws -> Observer.Element
    // Guarded by `lock`; `nil` once disposed. The lock keeps the accesses apart, so the
    // runtime's exclusivity check, a call on every access, is left out.
    @exclusivity(unchecked)
    private var firstWaiting: RingQueue<First>? = RingQueue(minimumCapacity: 4)
    @exclusivity(unchecked)
    private var secondWaiting: RingQueue<Second>? = RingQueue(minimumCapacity: 4)
    @exclusivity(unchecked)
    private var isFirstDone = false
    @exclusivity(unchecked)
    private var isSecondDone = false
    // Written under `lock` by the thread that claims delivery, then read by it alone.
    private let outgoingFirst = UnsafeMutablePointer<First>.allocate(capacity: 1)
    private let outgoingSecond = UnsafeMutablePointer<Second>.allocate(capacity: 1)

    // The tuple form's result, built in place by the deliverer (see the producer's `pairOffset`).
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
        outgoingFirst.deallocate()
        outgoingSecond.deallocate()
        outgoingPair?.deallocate()
    }

    func nextFirst(_ element: First) {
        let outcome = lock.withLock { () -> TwoSourceOutcome in
            guard !isTerminated, let firstWaiting, let secondWaiting else { return .nothing }
            if secondWaiting.isEmpty {
                // The second finished with nothing waiting: this element will never be paired,
                // so it is not kept. The result ends only when both sources have, as RxSwift's.
                if isSecondDone { return .nothing }
                firstWaiting.append(element)
                return .nothing
            }
            if claimDelivery() {
                stageOutgoing(element, secondWaiting.removeFirst())
                return .deliverClaimed
            }
            enqueuePair(element, secondWaiting.removeFirst())
            return .nothing
        }
        finish(outcome)
    }

    func nextSecond(_ element: Second) {
        let outcome = lock.withLock { () -> TwoSourceOutcome in
            guard !isTerminated, let firstWaiting, let secondWaiting else { return .nothing }
            if firstWaiting.isEmpty {
                if isFirstDone { return .nothing }
                secondWaiting.append(element)
                return .nothing
            }
            if claimDelivery() {
                stageOutgoing(firstWaiting.removeFirst(), element)
                return .deliverClaimed
            }
            enqueuePair(firstWaiting.removeFirst(), element)
            return .nothing
        }
        finish(outcome)
    }

    /// Under the lock, by the thread that claimed delivery: the pair it is about to deliver, as
    /// the result itself in the tuple form.
    private func stageOutgoing(_ first: First, _ second: Second) {
        if let pairOffset, let outgoingPair {
            outgoingPair.initializeMemory(as: First.self, to: first)
            (outgoingPair + pairOffset).initializeMemory(as: Second.self, to: second)
        } else {
            outgoingFirst.initialize(to: first)
            outgoingSecond.initialize(to: second)
        }
    }

    /// Under the lock, while another thread delivers: queues a pair for it. Out of line, so that
    /// the element path does not look up the tuple's and the queue item's metadata.
    @inline(never)
    private func enqueuePair(_ first: First, _ second: Second) {
        enqueue(.item((first, second)))
    }

    private func finish(_ outcome: TwoSourceOutcome) {
        switch outcome {
        case .nothing:
            return
        case .deliverClaimed:
            if pairOffset != nil, let outgoingPair {
                forwardNext(outgoingPair.assumingMemoryBound(to: Observer.Element.self).move())
            } else {
                deliver(first: outgoingFirst.move(), second: outgoingSecond.move())
            }
            deliverQueued()
        case .complete:
            deliverCompletion()
        }
    }

    /// Out of line, so that the element path does not look up the metadata this needs.
    @inline(never)
    private func deliverCompletion() {
        deliverInOrder(.completed)
    }

    func done(isFirst: Bool) {
        let outcome = lock.withLock { () -> TwoSourceOutcome in
            guard !isTerminated else { return .nothing }
            if isFirst {
                isFirstDone = true
            } else {
                isSecondDone = true
            }
            guard isFirstDone && isSecondDone else { return .nothing }
            return claimCompletion()
        }
        finish(outcome)
    }

    /// Under the lock: ends the subscription with completion, delivered now or after the
    /// delivery under way.
    private func claimCompletion() -> TwoSourceOutcome {
        isTerminated = true
        if claimDelivery() {
            return .complete
        }
        enqueue(.completed)
        return .nothing
    }

    func fail(_ error: any Swift.Error) {
        let delivery = lock.withLockUnchecked { () -> SerializedDelivery<(First, Second)>? in
            guard !isTerminated else { return nil }
            return claimOrQueue(terminate(.error(error)))
        }
        if let delivery {
            deliverInOrder(delivery)
        }
    }

    private func deliver(first: First, second: Second) {
        if let pairOffset, let outgoingPair {
            // `Observer.Element` is `(First, Second)`, whose second element is at `pairOffset`.
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
        // The queues, and what still waits in them, go after the lock is given back.
        let (first, second) = lock.withLockUnchecked { () -> (RingQueue<First>?, RingQueue<Second>?) in
            defer {
                firstWaiting = nil
                secondWaiting = nil
            }
            return (firstWaiting, secondWaiting)
        }
        _ = (first, second)
    }
}

/// The first source's observer in a two-source `zip`.
struct Zip2FirstObserver<Observer: ObserverType, First, Second>: EventRoutingObserver {
    let sink: Zip2Sink<Observer, First, Second>

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

/// The second source's observer in a two-source `zip`.
struct Zip2SecondObserver<Observer: ObserverType, First, Second>: EventRoutingObserver {
    let sink: Zip2Sink<Observer, First, Second>

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
