import RxCore
import RxDisposables

extension ObservableType {
    /// Transforms each element with `transform`.
    ///
    /// An error thrown by `transform` is sent as `error` and ends the subscription. A `map` of
    /// a `map`, and a `filter` after a `map`, run as one stage that calls both closures in turn:
    /// it behaves exactly like the two stages but forwards each element once instead of twice.
    @inlinable
    public func map<Result>(
        _ transform: @escaping (Element) throws -> Result, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Result> {
        // The stage checks the isolation once per element, for all the closures it absorbed.
        let handlerIsolation = HandlerIsolation(isolation, file: file, line: line)
        // Inlinable, so that it is specialised where it is called: the fusion hook's casts and the
        // producer's type then have known generic arguments, and their metadata comes from a cache
        // in the caller instead of a runtime lookup on every call.
        if let composed = composedMap(transform, isolation: handlerIsolation) {
            return composed
        }
        return Map(source: asObservable(), transform: transform, isolation: handlerIsolation)
    }
}

/// The producer behind `map`, and behind a `map` or `filter` that follows it in the same stage
/// (see ``ComposableProducer``): then each element is transformed, and the result passes on if
/// the absorbed predicate accepts it.
///
/// One class for both, so that absorbing the `filter` makes an instance of the class it already
/// is, whose metadata `self` carries: a class of its own would be looked up at run time for
/// every chain.
@usableFromInline
final class Map<SourceType, Element>: ComposableProducer<Element> {
    @usableFromInline
    typealias Transform = (SourceType) throws -> Element
    private let source: Observable<SourceType>
    private let transform: Transform
    // Where `transform` and the absorbed predicate were written; checked once per element.
    private let isolation: HandlerIsolation
    private let absorbed: AbsorbedFilter<Element>

    @usableFromInline
    convenience init(source: Observable<SourceType>, transform: @escaping Transform, isolation: HandlerIsolation) {
        self.init(source: source, transform: transform, isolation: isolation, absorbed: .none)
    }

    init(
        source: Observable<SourceType>, transform: @escaping Transform, isolation: HandlerIsolation,
        absorbed: AbsorbedFilter<Element>
    ) {
        self.source = source
        self.transform = transform
        self.isolation = isolation
        self.absorbed = absorbed
    }

    /// Whether this stage absorbed a `filter`.
    var absorbsFilter: Bool {
        !absorbed.admitsMap
    }

    override func composeMap<Result>(
        _ next: @escaping (Element) throws -> Result, isolation: HandlerIsolation
    ) -> Observable<Result>? {
        guard absorbed.admitsMap, isolation.isSame(as: self.isolation) else { return nil }
        // The fused stage's check names `map(_:)`, and with it this first map's call site.
        return Map<SourceType, Result>(
            source: source, transform: composition(transform, next), isolation: self.isolation)
    }

    override func composeFilter(
        _ next: @escaping (Element) throws -> Bool, isolation: HandlerIsolation
    ) -> Observable<Element>? {
        guard isolation.isSame(as: self.isolation) else { return nil }
        // `type(of: self)` is this very class, so making it asks the runtime for no metadata. The
        // stage's check names `map(_:)`, so it keeps the map's call site.
        return type(of: self).init(
            source: source, transform: transform, isolation: self.isolation, absorbed: absorbed.appending(next))
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Element {
        if case .predicate(let predicate) = absorbed {
            let sink = MapFilterSink(
                transform: transform, predicate: predicate, isolation: isolation, observer: observer, cancel: cancel)
            return sink.subscribe(to: source)
        }
        let sink = MapSink(transform: transform, isolation: isolation, observer: observer, cancel: cancel)
        return sink.subscribe(to: source)
    }
}

/// A stage of transforms only: applies them to each element on its way downstream.
final class MapSink<SourceType, Result, Observer: ObserverType>: Sink<Observer>, TerminalEventForwarding
where Observer.Element == Result {
    typealias Element = SourceType
    typealias Transform = (SourceType) throws -> Result

    private let transform: Transform
    private let isolation: HandlerIsolation

    init(transform: @escaping Transform, isolation: HandlerIsolation, observer: Observer, cancel: any Cancelable) {
        self.transform = transform
        self.isolation = isolation
        super.init(observer: observer, cancel: cancel)
    }

    @inline(__always)
    func onNext(_ element: SourceType) {
        isolation.check("map(_:)")
        // Only `transform` throws here; passing its result straight on saves moving it into a
        // local of a type only known at run time.
        do {
            forwardNext(try transform(element))
        } catch {
            forwardErrorAndDispose(error)
        }
    }

}

/// A stage that absorbed a `filter`: transforms each element and forwards the results the
/// predicate accepts. A sink of its own, so that a stage with no `filter` tests for none per
/// element.
final class MapFilterSink<SourceType, Result, Observer: ObserverType>: Sink<Observer>,
    TerminalEventForwarding
where Observer.Element == Result {
    typealias Element = SourceType

    private let transform: (SourceType) throws -> Result
    private let predicate: (Result) throws -> Bool
    private let isolation: HandlerIsolation

    init(
        transform: @escaping (SourceType) throws -> Result, predicate: @escaping (Result) throws -> Bool,
        isolation: HandlerIsolation, observer: Observer, cancel: any Cancelable
    ) {
        self.transform = transform
        self.predicate = predicate
        self.isolation = isolation
        super.init(observer: observer, cancel: cancel)
    }

    @inline(__always)
    func onNext(_ element: SourceType) {
        isolation.check("map(_:)")
        do {
            let mapped = try transform(element)
            if try predicate(mapped) {
                forwardNext(mapped)
            }
        } catch {
            forwardErrorAndDispose(error)
        }
    }
}
