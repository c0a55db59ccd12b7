import RxCore
import RxDisposables

extension ObservableType {
    /// Sends, after each element, the result of folding it into an accumulated value that
    /// starts as `seed`; `accumulator` changes the value in place.
    ///
    /// An empty source sends nothing but its terminal event: the seed alone is never sent. An
    /// error thrown by `accumulator` is sent as `error` and ends the subscription.
    public func scan<Accumulate>(
        into seed: Accumulate, accumulator: @escaping (inout Accumulate, Element) throws -> Void,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Accumulate> {
        let handlerIsolation = HandlerIsolation(isolation, file: file, line: line)
        let accumulator =
            handlerIsolation.isNonisolated ? accumulator : handlerIsolation.guarding(accumulator, "scan(accumulator:)")
        return Scan(source: asObservable(), seed: seed, accumulator: .inPlace(accumulator))
    }

    /// Sends, after each element, the result of `accumulator` applied to the previous result
    /// (`seed` at first) and the element.
    ///
    /// An empty source sends nothing but its terminal event: the seed alone is never sent. An
    /// error thrown by `accumulator` is sent as `error` and ends the subscription.
    public func scan<Accumulate>(
        _ seed: Accumulate, accumulator: @escaping (Accumulate, Element) throws -> Accumulate,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Accumulate> {
        let handlerIsolation = HandlerIsolation(isolation, file: file, line: line)
        let accumulator =
            handlerIsolation.isNonisolated ? accumulator : handlerIsolation.guarding(accumulator, "scan(accumulator:)")
        return Scan(source: asObservable(), seed: seed, accumulator: .returning(accumulator))
    }
}

/// The producer behind both forms of `scan`.
final class Scan<SourceType, Accumulate>: Producer<Accumulate> {
    /// The user's accumulator, in the form it was given: wrapping the returning form in an
    /// in-place one would add a closure call per element.
    enum Accumulator {
        case inPlace((inout Accumulate, SourceType) throws -> Void)
        case returning((Accumulate, SourceType) throws -> Accumulate)
    }

    private let source: Observable<SourceType>
    private let seed: Accumulate
    private let accumulator: Accumulator

    init(source: Observable<SourceType>, seed: Accumulate, accumulator: Accumulator) {
        self.source = source
        self.seed = seed
        self.accumulator = accumulator
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Accumulate {
        switch accumulator {
        case .inPlace(let accumulate):
            let sink = ScanIntoSink(seed: seed, accumulate: accumulate, observer: observer, cancel: cancel)
            return sink.subscribe(to: source)
        case .returning(let accumulate):
            let sink = ScanSink(seed: seed, accumulate: accumulate, observer: observer, cancel: cancel)
            return sink.subscribe(to: source)
        }
    }
}

// The two sinks below keep the accumulated value's type as a generic parameter of its own, not
// only as `Observer.Element`, so that storing and sending it finds the type's metadata in the
// sink instead of asking the runtime for an associated type on every element. One sink per form
// keeps the element path free of a switch over a generic enum, which would look up the enum's
// metadata on every element too.

/// Keeps one subscription's accumulated value and sends it after each element, for the form
/// whose accumulator returns the new value.
final class ScanSink<SourceType, Accumulate, Observer: ObserverType>: Sink<Observer>, TerminalEventForwarding
where Observer.Element == Accumulate {
    typealias Element = SourceType

    private let accumulate: (Accumulate, SourceType) throws -> Accumulate
    // Touched only by `onNext(_:)`, which a source calls serially, so the runtime's exclusivity
    // check, a call into the runtime on every access, is left out.
    @exclusivity(unchecked)
    private var accumulated: Accumulate

    init(
        seed: Accumulate, accumulate: @escaping (Accumulate, SourceType) throws -> Accumulate, observer: Observer,
        cancel: any Cancelable
    ) {
        self.accumulated = seed
        self.accumulate = accumulate
        super.init(observer: observer, cancel: cancel)
    }

    // Inlined into the witness the source calls: the harness shows a call here on a per-element
    // path of a few nanoseconds (Benchmarks/RESULTS.md, "What the harness showed").
    @inline(__always)
    func onNext(_ element: SourceType) {
        do {
            accumulated = try accumulate(accumulated, element)
        } catch {
            forwardErrorAndDispose(error)
            return
        }
        forwardNext(accumulated)
    }
}

/// Keeps one subscription's accumulated value and sends it after each element, for the form
/// whose accumulator changes the value in place.
final class ScanIntoSink<SourceType, Accumulate, Observer: ObserverType>: Sink<Observer>, TerminalEventForwarding
where Observer.Element == Accumulate {
    typealias Element = SourceType

    private let accumulate: (inout Accumulate, SourceType) throws -> Void
    // Touched only by `onNext(_:)`, which a source calls serially, so the runtime's exclusivity
    // check, a call into the runtime on every access, is left out.
    @exclusivity(unchecked)
    private var accumulated: Accumulate

    init(
        seed: Accumulate, accumulate: @escaping (inout Accumulate, SourceType) throws -> Void, observer: Observer,
        cancel: any Cancelable
    ) {
        self.accumulated = seed
        self.accumulate = accumulate
        super.init(observer: observer, cancel: cancel)
    }

    // Inlined into the witness the source calls: the harness shows a call here on a per-element
    // path of a few nanoseconds (Benchmarks/RESULTS.md, "What the harness showed").
    @inline(__always)
    func onNext(_ element: SourceType) {
        do {
            try accumulate(&accumulated, element)
        } catch {
            forwardErrorAndDispose(error)
            return
        }
        forwardNext(accumulated)
    }
}
