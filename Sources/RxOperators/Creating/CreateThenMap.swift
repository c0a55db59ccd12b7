import RxCore
import RxDisposables

/// A `create` followed by a `map`, and by a `filter` after that, as one stage: the sink that
/// receives the `create` closure's events applies the transform (and the predicate) itself.
///
/// It changes no event, order or error: the grammar is checked first, as `create`'s own sink
/// does, then the closures run in the order the operators were written, and the first error they
/// throw ends the sequence, disposing what the `create` closure returned. It saves the `map`
/// stage's sink, and with it one hop per element and one subscription per chain.
final class CreateThenMap<SourceElement, Element>: ComposableProducer<Element> {
    typealias Transform = (SourceElement) throws -> Element
    typealias Predicate = (Element) throws -> Bool

    /// The predicate of the `filter` the stage absorbed, if any; an enum for the reason
    /// `Map.AbsorbedFilter` is one.
    enum AbsorbedFilter {
        case none
        case predicate(Predicate)
    }

    private let subscribeHandler: AnonymousObservable<SourceElement>.SubscribeHandler
    private let router: AnonymousObservable<SourceElement>.Router
    private let transform: Transform
    // Where the transform and the absorbed predicate were written; checked once per element.
    private let isolation: HandlerIsolation
    private let absorbed: AbsorbedFilter

    required init(
        subscribeHandler: @escaping AnonymousObservable<SourceElement>.SubscribeHandler,
        router: @escaping AnonymousObservable<SourceElement>.Router, transform: @escaping Transform,
        isolation: HandlerIsolation, absorbed: AbsorbedFilter
    ) {
        self.subscribeHandler = subscribeHandler
        self.router = router
        self.transform = transform
        self.isolation = isolation
        self.absorbed = absorbed
    }

    override func composeMap<Result>(
        _ next: @escaping (Element) throws -> Result, isolation: HandlerIsolation
    ) -> Observable<Result>? {
        // A `map` after an absorbed `filter`, or written in another isolation, is a stage of its own.
        if case .predicate = absorbed {
            return nil
        }
        if !isolation.isSame(as: self.isolation) {
            return nil
        }
        let first = transform
        // The fused stage's check names `map(_:)`, and with it this first map's call site.
        return CreateThenMap<SourceElement, Result>(
            subscribeHandler: subscribeHandler, router: router, transform: { try next(try first($0)) },
            isolation: self.isolation, absorbed: .none)
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
            subscribeHandler: subscribeHandler, router: router, transform: transform, isolation: self.isolation,
            absorbed: .predicate(combined))
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> RunningSink
    where Observer.Element == Element {
        if case .predicate(let predicate) = absorbed {
            let sink = CreateThenMapFilterSink(
                router: router, transform: transform, predicate: predicate, isolation: isolation, observer: observer,
                cancel: cancel)
            return sink.holding(subscribeHandler(sink.makeObserver()))
        }
        let sink = CreateThenMapSink(
            router: router, transform: transform, isolation: isolation, observer: observer, cancel: cancel)
        return sink.holding(subscribeHandler(sink.makeObserver()))
    }
}

// The two sinks below repeat `AnonymousObservableSink`'s terminal events and observer rather than
// share them through a common superclass: an extra generic superclass adds a metadata
// instantiation to every subscription (Benchmarks/RESULTS.md has the figure).

/// `create`'s sink with the transform of the `map` after it.
final class CreateThenMapSink<SourceElement, Result, Observer: ObserverType>: Sink<Observer>,
    AnonymousObservableReceiver
where Observer.Element == Result {
    typealias Element = SourceElement

    private let router: AnonymousObservable<SourceElement>.Router
    private let transform: (SourceElement) throws -> Result
    private let isolation: HandlerIsolation
    // The user's closure may hold on to the observer and call it from any thread.
    private let gate = TerminalGate()

    init(
        router: @escaping AnonymousObservable<SourceElement>.Router,
        transform: @escaping (SourceElement) throws -> Result, isolation: HandlerIsolation, observer: Observer,
        cancel: any Cancelable
    ) {
        self.router = router
        self.transform = transform
        self.isolation = isolation
        super.init(observer: observer, cancel: cancel)
    }

    @inline(__always)
    func receiveNext(_ element: SourceElement) {
        guard gate.admitsElements else { return }
        isolation.check("map(_:)")
        do {
            forwardNext(try transform(element))
        } catch {
            receiveError(error)
        }
    }

    func receiveError(_ error: any Swift.Error) {
        if gate.admitsTerminalEvent() {
            forwardErrorAndDispose(error)
        }
    }

    func receiveCompleted() {
        if gate.admitsTerminalEvent() {
            forwardCompletedAndDispose()
        }
    }

    /// The observer handed to the `create` closure, as `create`'s own sink makes it.
    func makeObserver() -> AnyObserver<SourceElement> {
        AnyObserver(
            eventHandler: { [self] event in router(event, self) },
            nextHandler: { [self] element in receiveNext(element) }
        )
    }
}

/// `create`'s sink with the transform of the `map` after it and the predicate of the `filter`
/// after that.
final class CreateThenMapFilterSink<SourceElement, Result, Observer: ObserverType>: Sink<Observer>,
    AnonymousObservableReceiver
where Observer.Element == Result {
    typealias Element = SourceElement

    private let router: AnonymousObservable<SourceElement>.Router
    private let transform: (SourceElement) throws -> Result
    private let predicate: (Result) throws -> Bool
    private let isolation: HandlerIsolation
    // The user's closure may hold on to the observer and call it from any thread.
    private let gate = TerminalGate()

    init(
        router: @escaping AnonymousObservable<SourceElement>.Router,
        transform: @escaping (SourceElement) throws -> Result, predicate: @escaping (Result) throws -> Bool,
        isolation: HandlerIsolation, observer: Observer, cancel: any Cancelable
    ) {
        self.router = router
        self.transform = transform
        self.predicate = predicate
        self.isolation = isolation
        super.init(observer: observer, cancel: cancel)
    }

    @inline(__always)
    func receiveNext(_ element: SourceElement) {
        guard gate.admitsElements else { return }
        isolation.check("map(_:)")
        do {
            let mapped = try transform(element)
            if try predicate(mapped) {
                forwardNext(mapped)
            }
        } catch {
            receiveError(error)
        }
    }

    func receiveError(_ error: any Swift.Error) {
        if gate.admitsTerminalEvent() {
            forwardErrorAndDispose(error)
        }
    }

    func receiveCompleted() {
        if gate.admitsTerminalEvent() {
            forwardCompletedAndDispose()
        }
    }

    /// The observer handed to the `create` closure, as `create`'s own sink makes it.
    func makeObserver() -> AnyObserver<SourceElement> {
        AnyObserver(
            eventHandler: { [self] event in router(event, self) },
            nextHandler: { [self] element in receiveNext(element) }
        )
    }
}
