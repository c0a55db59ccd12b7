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
        _ second: Source, resultSelector: @escaping (Element, Source.Element) throws -> ResultType
    ) -> Observable<ResultType> {
        WithLatestFrom(first: asObservable(), second: second.asObservable(), resultSelector: resultSelector)
    }

    /// The latest element of `second` each time this sequence sends an element, once `second`
    /// has sent one; as ``withLatestFrom(_:resultSelector:)`` with a selector that keeps the
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

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> RunningSink
    where Observer.Element == Result {
        let sink = WithLatestFromSink<Observer, First, Second>(
            resultSelector: resultSelector, observer: observer, cancel: cancel)
        let running = sink.holding(Disposables.create(sink.secondSubscription, sink.firstSubscription))
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
    // Guarded by `lock`.
    private var latest: Second?

    init(
        resultSelector: @escaping (First, Second) throws -> Observer.Element, observer: Observer,
        cancel: any Cancelable
    ) {
        self.resultSelector = resultSelector
        super.init(observer: observer, cancel: cancel)
    }

    func nextFirst(_ element: First) {
        let delivery = lock.withLockReturningShared { () -> SerializedDelivery<(First, Second)>? in
            // Shared: `latest` is touched only under this lock.
            guard !isTerminated, let latest else { return nil }
            return claimOrQueue(.item((element, latest)))
        }
        if let delivery {
            deliverInOrder(delivery)
        }
    }

    func nextSecond(_ element: Second) {
        let replaced = lock.withLockReturningShared { () -> Second? in
            guard !isTerminated else { return nil }
            defer { latest = element }
            return latest
        }
        _ = replaced
    }

    func end(_ terminal: SerializedDelivery<(First, Second)>) {
        let delivery = lock.withLockReturningShared { () -> SerializedDelivery<(First, Second)>? in
            guard !isTerminated else { return nil }
            return claimOrQueue(terminate(terminal))
        }
        if let delivery {
            deliverInOrder(delivery)
        }
    }

    override func deliver(_ item: (First, Second)) {
        let result: Observer.Element
        do {
            result = try resultSelector(item.0, item.1)
        } catch {
            failFromSelector(error)
            return
        }
        forwardNext(result)
    }

    override func releaseRetainedState() {
        let latest = lock.withLockReturningShared { () -> Second? in
            defer { self.latest = nil }
            return self.latest
        }
        _ = latest
    }
}

/// The first sequence's observer: its elements are paired, its end is the result's end.
struct WithLatestFromFirstObserver<Observer: ObserverType, First, Second>: ObserverType {
    let sink: WithLatestFromSink<Observer, First, Second>

    func on(_ event: Event<First>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let error):
            onError(error)
        case .completed:
            onCompleted()
        }
    }

    func onNext(_ element: First) {
        sink.nextFirst(element)
    }

    func onError(_ error: any Swift.Error) {
        sink.end(.error(error))
    }

    func onCompleted() {
        sink.end(.completed)
    }
}

/// The second sequence's observer: its elements replace the latest; its completion ends only its
/// own subscription.
struct WithLatestFromSecondObserver<Observer: ObserverType, First, Second>: ObserverType {
    let sink: WithLatestFromSink<Observer, First, Second>

    func on(_ event: Event<Second>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let error):
            onError(error)
        case .completed:
            onCompleted()
        }
    }

    func onNext(_ element: Second) {
        sink.nextSecond(element)
    }

    func onError(_ error: any Swift.Error) {
        sink.end(.error(error))
    }

    func onCompleted() {
        sink.secondSubscription.dispose()
    }
}
