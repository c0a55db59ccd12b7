import RxCore
import RxDisposables

/// The producer behind `zip` of two sources: a sink written for exactly two, whose element path
/// looks no generic type up at run time, where the parameter pack's (``Zip``) does
/// (Benchmarks/RESULTS.md, "Notes moved out of the guides", has the measurements).
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
/// paired at once and never queued.
final class Zip2Sink<Observer: ObserverType, First, Second>: SerializingSink<Observer, (First, Second)> {
    let firstSubscription = SingleAssignmentDisposable()
    let secondSubscription = SingleAssignmentDisposable()
    private let resultSelector: (First, Second) throws -> Observer.Element
    // Touched only by the thread holding the serializer; `nil` once disposed.
    private var firstWaiting: RingQueue<First>? = RingQueue(minimumCapacity: 4)
    private var secondWaiting: RingQueue<Second>? = RingQueue(minimumCapacity: 4)
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
        guard !isTerminated, let firstWaiting, let secondWaiting else { return }
        if secondWaiting.isEmpty {
            // The second finished with nothing waiting: this element will never be paired, so it
            // is not kept. The result ends only when both sources have, as RxSwift's.
            if !isSecondDone {
                firstWaiting.append(element)
            }
            return
        }
        if claimDelivery() {
            deliver(first: element, second: secondWaiting.removeFirst())
        } else {
            enqueuePair(element, secondWaiting.removeFirst())
        }
    }

    func nextSecond(_ element: Second) {
        guard !isTerminated, let firstWaiting, let secondWaiting else { return }
        if firstWaiting.isEmpty {
            if !isFirstDone {
                secondWaiting.append(element)
            }
            return
        }
        if claimDelivery() {
            deliver(first: firstWaiting.removeFirst(), second: element)
        } else {
            enqueuePair(firstWaiting.removeFirst(), element)
        }
    }

    /// From inside a delivery: queues a pair for after it. Separate, so that the element path
    /// does not look up the tuple's and the queue item's metadata.
    private func enqueuePair(_ first: First, _ second: Second) {
        enqueue(.item((first, second)))
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

    /// Ends the subscription with completion, delivered now or after the delivery under way.
    private func claimCompletion() {
        isTerminated = true
        if claimDelivery() {
            deliverCompletion()
        } else {
            enqueue(.completed)
        }
    }

    func fail(_ error: any Swift.Error) {
        guard !isTerminated, let delivery = claimOrQueue(terminate(.error(error))) else { return }
        deliverClaimed(delivery)
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
        firstWaiting = nil
        secondWaiting = nil
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
