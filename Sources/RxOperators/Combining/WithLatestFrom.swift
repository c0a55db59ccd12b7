import RxCore
import RxDisposables

extension ObservableType {
    /// Combines each element of this sequence with the latest element of `second`, through
    /// `resultSelector`; elements that arrive before `second` has sent one are dropped.
    ///
    /// `second` is subscribed to first. The result completes when this sequence completes, and
    /// fails when either sequence fails or `resultSelector` throws; `second` completing only ends
    /// its own subscription, and its last element goes on being used.
    public func withLatestFrom<Source: ObservableConvertibleType, ResultType>(
        _ second: Source, resultSelector: @escaping (Element, Source.Element) throws -> ResultType,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<ResultType> {
        let handlerIsolation = HandlerIsolation(isolation, file: file, line: line)
        let resultSelector =
            handlerIsolation.isNonisolated
            ? resultSelector : handlerIsolation.guarding(resultSelector, "withLatestFrom(resultSelector:)")
        return WithLatestFrom(first: asObservable(), second: second.asObservable(), resultSelector: resultSelector)
    }

    /// The latest element of `second` each time this sequence sends an element, once `second`
    /// has sent one; as ``withLatestFrom(_:resultSelector:isolation:file:line:)`` with a selector that keeps the
    /// second element.
    public func withLatestFrom<Source: ObservableConvertibleType>(_ second: Source) -> Observable<Source.Element> {
        WithLatestFrom(first: asObservable(), second: second.asObservable(), resultSelector: { $1 })
    }
}

/// The producer behind `withLatestFrom(_:resultSelector:)` and `withLatestFrom(_:)`.
final class WithLatestFrom<First, Second, Result>: Producer<Result> {
    private let first: Observable<First>
    private let second: Observable<Second>
    private let resultSelector: (First, Second) throws -> Result

    init(
        first: Observable<First>, second: Observable<Second>, resultSelector: @escaping (First, Second) throws -> Result
    ) {
        self.first = first
        self.second = second
        self.resultSelector = resultSelector
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Result {
        let sink = WithLatestFromSink<Observer, First, Second>(
            resultSelector: resultSelector, observer: observer, cancel: cancel)
        // Disposed in RxSwift's order, the source first; subscribed the other way round.
        let running = sink.holding(Disposables.create(sink.firstSubscription, sink.secondSubscription))
        sink.secondSubscription.setDisposable(second.subscribe(WithLatestFromSecondObserver(sink: sink)))
        sink.firstSubscription.setDisposable(first.subscribe(WithLatestFromFirstObserver(sink: sink)))
        return running
    }
}

/// Keeps the latest element of the second sequence and pairs each element of the first with it.
final class WithLatestFromSink<Observer: ObserverType, First, Second>: SerializingSink<Observer, (First, Second)> {
    let firstSubscription = SingleAssignmentDisposable()
    let secondSubscription = SingleAssignmentDisposable()
    private let resultSelector: (First, Second) throws -> Observer.Element
    // The latest element of the second sequence, touched only by the thread holding the
    // serializer.
    @exclusivity(unchecked)
    private var latest = ElementSlot<Second>()

    init(
        resultSelector: @escaping (First, Second) throws -> Observer.Element, observer: Observer,
        cancel: any Cancelable
    ) {
        self.resultSelector = resultSelector
        super.init(observer: observer, cancel: cancel)
    }

    func nextFirst(_ element: First) {
        guard !isTerminated, latest.hasElement else { return }
        if claimDelivery() {
            deliver(first: element, second: latest.element)
        } else {
            enqueuePair(element)
        }
    }

    /// From inside a delivery: queues the pair for after it. Separate, so that the element
    /// path does not look up the tuple's and the queue item's metadata.
    private func enqueuePair(_ element: First) {
        enqueue(.item((element, latest.element)))
    }

    func nextSecond(_ element: Second) {
        guard !isTerminated else { return }
        // The replaced element dies as this returns, once the state is consistent.
        var element = element
        latest.exchange(&element)
    }

    func end(_ terminal: SerializedDelivery<(First, Second)>) {
        guard !isTerminated, let delivery = claimOrQueue(terminate(terminal)) else { return }
        deliverClaimed(delivery)
    }

    private func deliver(first: First, second: Second) {
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
        if latest.hasElement {
            // Dies after the slot is empty, outside its access.
            _ = latest.take()
        }
    }
}

/// The first sequence's observer: its elements are paired, its end is the result's end.
struct WithLatestFromFirstObserver<Observer: ObserverType, First, Second>: EventRoutingObserver {
    let sink: WithLatestFromSink<Observer, First, Second>

    func onNext(_ element: First) {
        sink.serialized {
            sink.nextFirst(element)
        }
    }

    func onError(_ error: any Swift.Error) {
        sink.serialized {
            sink.end(.error(error))
        }
    }

    func onCompleted() {
        sink.serialized {
            sink.end(.completed)
        }
    }
}

/// The second sequence's observer: its elements replace the latest; its completion ends only its
/// own subscription.
struct WithLatestFromSecondObserver<Observer: ObserverType, First, Second>: EventRoutingObserver {
    let sink: WithLatestFromSink<Observer, First, Second>

    func onNext(_ element: Second) {
        sink.serialized {
            sink.nextSecond(element)
        }
    }

    func onError(_ error: any Swift.Error) {
        sink.serialized {
            sink.end(.error(error))
        }
    }

    func onCompleted() {
        sink.serialized {
            sink.secondSubscription.dispose()
        }
    }
}
