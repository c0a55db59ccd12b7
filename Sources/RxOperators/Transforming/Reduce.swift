import RxCore
import RxDisposables

extension ObservableType {
    /// One element when the source completes: `seed` folded with every element by
    /// `accumulator`, then passed through `mapResult`. An empty source sends `mapResult(seed)`.
    /// An error from the source, or thrown by either closure, ends the sequence with it.
    public func reduce<A, Result>(
        _ seed: A, accumulator: @escaping (A, Element) throws -> A, mapResult: @escaping (A) throws -> Result,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Result> {
        let handlerIsolation = HandlerIsolation(isolation, file: file, line: line)
        let accumulator =
            handlerIsolation.isNonisolated
            ? accumulator : handlerIsolation.guarding(accumulator, "reduce(accumulator:)")
        let mapResult =
            handlerIsolation.isNonisolated ? mapResult : handlerIsolation.guarding(mapResult, "reduce(mapResult:)")
        return Reduce(source: asObservable(), seed: seed, accumulator: accumulator, mapResult: mapResult)
    }

    /// One element when the source completes: `seed` folded with every element by
    /// `accumulator`. An empty source sends `seed`. An error from the source, or thrown by
    /// `accumulator`, ends the sequence with it.
    public func reduce<A>(
        _ seed: A, accumulator: @escaping (A, Element) throws -> A, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<A> {
        let handlerIsolation = HandlerIsolation(isolation, file: file, line: line)
        let accumulator =
            handlerIsolation.isNonisolated
            ? accumulator : handlerIsolation.guarding(accumulator, "reduce(accumulator:)")
        return Reduce(source: asObservable(), seed: seed, accumulator: accumulator, mapResult: { $0 })
    }
}

/// The producer behind both forms of `reduce`.
final class Reduce<SourceType, Accumulate, Result>: Producer<Result> {
    private let source: Observable<SourceType>
    private let seed: Accumulate
    private let accumulator: (Accumulate, SourceType) throws -> Accumulate
    private let mapResult: (Accumulate) throws -> Result

    init(
        source: Observable<SourceType>, seed: Accumulate,
        accumulator: @escaping (Accumulate, SourceType) throws -> Accumulate,
        mapResult: @escaping (Accumulate) throws -> Result
    ) {
        self.source = source
        self.seed = seed
        self.accumulator = accumulator
        self.mapResult = mapResult
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Result {
        let sink = ReduceSink(
            seed: seed, accumulator: accumulator, mapResult: mapResult, observer: observer, cancel: cancel)
        return sink.subscribe(to: source)
    }
}

/// Folds each element into the accumulated value and sends the result on completion.
final class ReduceSink<SourceType, Accumulate, Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = SourceType

    private let accumulator: (Accumulate, SourceType) throws -> Accumulate
    private let mapResult: (Accumulate) throws -> Observer.Element
    // Touched only by the source's events, which arrive serially.
    @exclusivity(unchecked)
    private var accumulated: Accumulate

    init(
        seed: Accumulate, accumulator: @escaping (Accumulate, SourceType) throws -> Accumulate,
        mapResult: @escaping (Accumulate) throws -> Observer.Element, observer: Observer, cancel: any Cancelable
    ) {
        self.accumulated = seed
        self.accumulator = accumulator
        self.mapResult = mapResult
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<SourceType>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let error):
            forwardErrorAndDispose(error)
        case .completed:
            let result: Observer.Element
            do {
                result = try mapResult(accumulated)
            } catch {
                forwardErrorAndDispose(error)
                return
            }
            forwardNext(result)
            forwardCompletedAndDispose()
        }
    }

    @inline(__always)
    func onNext(_ element: SourceType) {
        do {
            accumulated = try accumulator(accumulated, element)
        } catch {
            forwardErrorAndDispose(error)
        }
    }
}
