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
        // Inlinable, so that it is specialised where it is called: the cast and the producer's
        // type then have known generic arguments, and their metadata comes from a cache in the
        // caller instead of a runtime lookup on every call.
        if let composable = self as? ComposableProducer<Element>,
            let composed = composable.composeMap(transform, isolation: handlerIsolation)
        {
            return composed
        }
        if let just = self as? Just<Element> {
            return JustThenMap(just.element, transform: transform, isolation: handlerIsolation)
        }
        return Map(source: asObservable(), transform: transform, isolation: handlerIsolation)
    }
}

/// The producer behind `map`, and behind a `filter` that follows it: then each element is
/// transformed, and the result passes on if the absorbed predicate accepts it.
///
/// One class for both, so that absorbing the `filter` makes an instance of the class it already
/// is, whose metadata `self` carries: a class of its own would be looked up at run time for
/// every chain.
@usableFromInline
final class Map<SourceType, Element>: ComposableProducer<Element> {
    @usableFromInline
    typealias Transform = (SourceType) throws -> Element
    typealias Predicate = (Element) throws -> Bool

    private let source: Observable<SourceType>
    private let transform: Transform
    // Where `transform` and the absorbed predicate were written; checked once per element.
    private let isolation: HandlerIsolation
    private let absorbed: AbsorbedFilter

    /// The predicate of the `filter` a stage absorbed, if any.
    ///
    /// Not an optional closure: an optional keeps its closure in the most general form, behind
    /// conversion thunks that every element would pass through. And not a closure that accepts
    /// everything: made in generic code, that one would need a context of its own.
    enum AbsorbedFilter {
        case none
        case predicate(Predicate)
    }

    @usableFromInline
    convenience init(source: Observable<SourceType>, transform: @escaping Transform, isolation: HandlerIsolation) {
        self.init(source: source, transform: transform, isolation: isolation, absorbed: .none)
    }

    init(
        source: Observable<SourceType>, transform: @escaping Transform, isolation: HandlerIsolation,
        absorbed: AbsorbedFilter
    ) {
        self.source = source
        self.transform = transform
        self.isolation = isolation
        self.absorbed = absorbed
    }

    /// Whether this stage absorbed a `filter`.
    var absorbsFilter: Bool {
        if case .none = absorbed { false } else { true }
    }

    override func composeMap<Result>(
        _ next: @escaping (Element) throws -> Result, isolation: HandlerIsolation
    ) -> Observable<Result>? {
        // A `map` after an absorbed `filter`, or written in another isolation, is a stage of its own.
        if absorbsFilter || !isolation.isSame(as: self.isolation) {
            return nil
        }
        let first = transform
        // The fused stage's check names `map(_:)`, and with it this first map's call site.
        return Map<SourceType, Result>(
            source: source,
            transform: { element in
                try next(try first(element))
            }, isolation: self.isolation)
    }

    override func composeFilter(_ next: @escaping Predicate, isolation: HandlerIsolation) -> Observable<Element>? {
        if !isolation.isSame(as: self.isolation) {
            return nil
        }
        let combined: Predicate =
            switch absorbed {
            case .none: next
            case .predicate(let predicate): conjunction(predicate, next)
            }
        // `type(of: self)` is this very class, so making it asks the runtime for no metadata.
        // The stage's check names `map(_:)`, so it keeps the map's call site.
        return type(of: self).init(
            source: source, transform: transform, isolation: self.isolation, absorbed: .predicate(combined))
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> RunningSink
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

/// Applies the transform to each element on its way downstream.
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
