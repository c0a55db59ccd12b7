import RxCore
import RxDisposables

extension ObservableType {
    /// Transforms each element with `transform`.
    ///
    /// An error thrown by `transform` is sent as `error` and ends the subscription. A `map` of
    /// a `map`, and a `filter` after a `map`, run as one stage that calls both closures in turn:
    /// it behaves exactly like the two stages but forwards each element once instead of twice.
    @inlinable
    public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Observable<Result> {
        // Inlinable, so that it is specialised where it is called: the cast and the producer's
        // type then have known generic arguments, and their metadata comes from a cache in the
        // caller instead of a runtime lookup on every call.
        if let composable = self as? ComposableProducer<Element>, let composed = composable.composeMap(transform) {
            return composed
        }
        return Map(source: asObservable(), transform: transform)
    }
}

/// The producer behind `map`.
@usableFromInline
final class Map<SourceType, Element>: ComposableProducer<Element> {
    @usableFromInline
    typealias Transform = (SourceType) throws -> Element

    private let source: Observable<SourceType>
    private let transform: Transform

    @usableFromInline
    init(source: Observable<SourceType>, transform: @escaping Transform) {
        self.source = source
        self.transform = transform
    }

    override func composeMap<Result>(_ next: @escaping (Element) throws -> Result) -> Observable<Result>? {
        let first = transform
        return Map<SourceType, Result>(source: source) { element in
            try next(try first(element))
        }
    }

    override func composeFilter(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element>? {
        MapFilter(source: source, transform: transform, predicate: predicate)
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer, cancel: any Cancelable
    ) -> (sink: any Disposable, subscription: any Disposable) where Observer.Element == Element {
        let sink = MapSink(transform: transform, observer: observer, cancel: cancel)
        return sink.holding(source.subscribeSink(sink))
    }
}

/// Applies the transform to each element on its way downstream.
final class MapSink<SourceType, Result, Observer: ObserverType>: OperatorSink<Observer>, TerminalEventForwarding
where Observer.Element == Result {
    typealias Element = SourceType
    typealias Transform = (SourceType) throws -> Result

    private let transform: Transform

    init(transform: @escaping Transform, observer: Observer, cancel: any Cancelable) {
        self.transform = transform
        super.init(observer: observer, cancel: cancel)
    }

    @inline(__always)
    func onNext(_ element: SourceType) {
        // Only `transform` throws here; passing its result straight on saves moving it into a
        // local of a type only known at run time.
        do {
            forwardNext(try transform(element))
        } catch {
            forwardError(error)
        }
    }

}
