import RxCore
import RxDisposables

extension ObservableType {
    /// Passes on only the elements for which `predicate` returns `true`.
    ///
    /// An error thrown by `predicate` is sent as `error` and ends the subscription. A `filter`
    /// after a `map` or a `filter` runs in the same stage as it, with the same events.
    @inlinable
    public func filter(
        _ predicate: @escaping (Element) throws -> Bool, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        let handlerIsolation = HandlerIsolation(isolation, file: file, line: line)
        // Inlinable for the reason `map` is.
        if let composed = composedFilter(predicate, isolation: handlerIsolation) {
            return composed
        }
        return Filter(source: asObservable(), predicate: predicate, isolation: handlerIsolation)
    }
}

/// The producer behind `filter`.
@usableFromInline
final class Filter<Element>: ComposableProducer<Element> {
    @usableFromInline
    typealias Predicate = (Element) throws -> Bool

    private let source: Observable<Element>
    private let predicate: Predicate
    private let isolation: HandlerIsolation

    @usableFromInline
    init(source: Observable<Element>, predicate: @escaping Predicate, isolation: HandlerIsolation) {
        self.source = source
        self.predicate = predicate
        self.isolation = isolation
    }

    override func composeFilter(_ next: @escaping Predicate, isolation: HandlerIsolation) -> Observable<Element>? {
        if !isolation.isSame(as: self.isolation) {
            return nil
        }
        // `type(of: self)` is this very class, so making it asks the runtime for no metadata. The
        // stage keeps the first filter's isolation, whose call site a violation names.
        return type(of: self).init(source: source, predicate: conjunction(predicate, next), isolation: self.isolation)
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Element {
        let sink = FilterSink(predicate: predicate, isolation: isolation, observer: observer, cancel: cancel)
        return sink.subscribe(to: source)
    }
}

/// Forwards the elements the predicate accepts.
final class FilterSink<Observer: ObserverType>: Sink<Observer>, TerminalEventForwarding {
    typealias Element = Observer.Element
    typealias Predicate = (Element) throws -> Bool

    private let predicate: Predicate
    private let isolation: HandlerIsolation

    init(predicate: @escaping Predicate, isolation: HandlerIsolation, observer: Observer, cancel: any Cancelable) {
        self.predicate = predicate
        self.isolation = isolation
        super.init(observer: observer, cancel: cancel)
    }

    @inline(__always)
    func onNext(_ element: Element) {
        isolation.check("filter(_:)")
        let accepted: Bool
        do {
            accepted = try predicate(element)
        } catch {
            forwardErrorAndDispose(error)
            return
        }
        if accepted {
            forwardNext(element)
        }
    }

}
