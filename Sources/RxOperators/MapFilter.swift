import RxCore
import RxDisposables

/// The one stage that `map(transform).filter(predicate)` becomes: each element is transformed,
/// and the result passes on if `predicate` accepts it.
final class MapFilter<SourceType, Element>: ComposableProducer<Element> {
    typealias Transform = (SourceType) throws -> Element
    typealias Predicate = (Element) throws -> Bool

    private let source: Observable<SourceType>
    private let transform: Transform
    private let predicate: Predicate

    init(source: Observable<SourceType>, transform: @escaping Transform, predicate: @escaping Predicate) {
        self.source = source
        self.transform = transform
        self.predicate = predicate
    }

    override func composeFilter(_ next: @escaping Predicate) -> Observable<Element>? {
        MapFilter(source: source, transform: transform, predicate: conjunction(predicate, next))
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer, cancel: any Cancelable
    ) -> (sink: any Disposable, subscription: any Disposable) where Observer.Element == Element {
        let sink = MapFilterSink(transform: transform, predicate: predicate, observer: observer, cancel: cancel)
        return sink.holding(source.subscribeSink(sink))
    }
}

/// Transforms each element and forwards the results the predicate accepts.
final class MapFilterSink<SourceType, Result, Observer: ObserverType>: OperatorSink<Observer>,
    TerminalEventForwarding
where Observer.Element == Result {
    typealias Element = SourceType

    private let transform: (SourceType) throws -> Result
    private let predicate: (Result) throws -> Bool

    init(
        transform: @escaping (SourceType) throws -> Result, predicate: @escaping (Result) throws -> Bool,
        observer: Observer, cancel: any Cancelable
    ) {
        self.transform = transform
        self.predicate = predicate
        super.init(observer: observer, cancel: cancel)
    }

    @inline(__always)
    func onNext(_ element: SourceType) {
        do {
            let mapped = try transform(element)
            if try predicate(mapped) {
                forwardNext(mapped)
            }
        } catch {
            forwardError(error)
        }
    }
}
