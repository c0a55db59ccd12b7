import RxCore
import RxDisposables
import Synchronization

extension ObservableType {
    /// A sequence whose events come from `subscribe`, called once for every subscriber.
    ///
    /// The closure receives an observer for this subscription and returns what to release when
    /// the subscription ends. Events after the first `error` or `completed` are ignored, and a
    /// terminal event disposes the subscription, so the returned disposable always runs.
    @inlinable
    public static func create(
        _ subscribe: @escaping (AnyObserver<Element>) -> any Disposable, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        let handlerIsolation = HandlerIsolation(isolation, file: file, line: line)
        let subscribe = handlerIsolation.isNonisolated ? subscribe : handlerIsolation.guarding(subscribe, "create(_:)")
        // The router is built here, where the caller's element type is known, so that taking
        // an event apart does not ask the runtime for the event type.
        return AnonymousObservable(subscribe) { event, sink in
            switch event {
            case .next(let element):
                sink.receiveNext(element)
            case .error(let error):
                sink.receiveError(error)
            case .completed:
                sink.receiveCompleted()
            }
        }
    }
}

/// What the observer handed to the `create` closure talks to: `create`'s sinks. An element
/// passes unless a terminal event came first; the first terminal event passes the sink's gate
/// and ends the subscription, later ones are ignored.
@usableFromInline
protocol AnonymousObservableReceiver<Element>: AnyObject {
    associatedtype Element

    /// Receives an element unless a terminal event came first.
    func receiveNext(_ element: Element)

    /// Receives `error` if it is the first terminal event; later ones are ignored.
    func receiveError(_ error: any Swift.Error)

    /// Receives completion if it is the first terminal event; later ones are ignored.
    func receiveCompleted()

    /// Whether a terminal event may pass; exactly one call ever answers `true`.
    func admitsTerminalEvent() -> Bool

    /// Passes `error` downstream and ends the subscription (``Sink`` provides it).
    func forwardErrorAndDispose(_ error: any Swift.Error)

    /// Passes completion downstream and ends the subscription (``Sink`` provides it).
    func forwardCompletedAndDispose()
}

extension AnonymousObservableReceiver {
    // Always inlined into each sink's witness, where the sink's class is known, so that the calls
    // below go straight to the sink rather than through this protocol's witness table.
    @inline(__always)
    func receiveError(_ error: any Swift.Error) {
        if admitsTerminalEvent() {
            forwardErrorAndDispose(error)
        }
    }

    @inline(__always)
    func receiveCompleted() {
        if admitsTerminalEvent() {
            forwardCompletedAndDispose()
        }
    }
}

/// The producer behind `create`: it keeps the user's subscribe closure. A `map` right after it,
/// and a `filter` after that, join its stage (``CreateThenMap``, below).
@usableFromInline
final class AnonymousObservable<Element>: ComposableProducer<Element> {
    @usableFromInline
    typealias SubscribeHandler = (AnyObserver<Element>) -> any Disposable

    @usableFromInline
    typealias Router = (Event<Element>, any AnonymousObservableReceiver<Element>) -> Void

    private let subscribeHandler: SubscribeHandler
    private let router: Router

    @usableFromInline
    init(_ subscribeHandler: @escaping SubscribeHandler, router: @escaping Router) {
        self.subscribeHandler = subscribeHandler
        self.router = router
        super.init()
    }

    override func composeMap<Result>(
        _ transform: @escaping (Element) throws -> Result, isolation: HandlerIsolation
    ) -> Observable<Result>? {
        CreateThenMap(
            subscribeHandler: subscribeHandler, router: router, transform: transform, isolation: isolation,
            absorbed: .none)
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Element {
        let sink = AnonymousObservableSink(router: router, observer: observer, cancel: cancel)
        return sink.holding(subscribeHandler(sink.makeObserver()))
    }
}

/// The sink behind the observer the `create` closure talks to: it enforces the event grammar
/// for code the framework does not control.
final class AnonymousObservableSink<Observer: ObserverType>: Sink<Observer>, AnonymousObservableReceiver {
    typealias Element = Observer.Element

    private let router: AnonymousObservable<Element>.Router

    // The user's closure may hold on to the observer and call it from any thread.
    private let gate = TerminalGate()

    init(router: @escaping AnonymousObservable<Element>.Router, observer: Observer, cancel: any Cancelable) {
        self.router = router
        super.init(observer: observer, cancel: cancel)
    }

    @inline(__always)
    func receiveNext(_ element: Element) {
        if gate.admitsElements {
            forwardNext(element)
        }
    }

    func admitsTerminalEvent() -> Bool {
        gate.admitsTerminalEvent()
    }

    /// The observer handed to the `create` closure. Both of its closures capture only the sink,
    /// so they need no context allocation of their own, and elements skip the router.
    // Written in each of `create`'s sinks, not in `AnonymousObservableReceiver`'s extension:
    // there the closures would also capture the sink's witness table, which takes a context.
    func makeObserver() -> AnyObserver<Element> {
        AnyObserver(
            eventHandler: { [self] event in router(event, self) },
            nextHandler: { [self] element in receiveNext(element) }
        )
    }
}

/// A `create` followed by a `map`, and by a `filter` after that, as one stage: the sink that
/// receives the `create` closure's events applies the transform (and the predicate) itself.
///
/// It changes no event, order or error: the grammar is checked first, as `create`'s own sink
/// does, then the closures run in the order the operators were written, and the first error they
/// throw ends the sequence, disposing what the `create` closure returned. It saves the `map`
/// stage's sink, and with it one hop per element and one subscription per chain.
final class CreateThenMap<SourceElement, Element>: ComposableProducer<Element> {
    typealias Transform = (SourceElement) throws -> Element

    private let subscribeHandler: AnonymousObservable<SourceElement>.SubscribeHandler
    private let router: AnonymousObservable<SourceElement>.Router
    private let transform: Transform
    // Where the transform and the absorbed predicate were written; checked once per element.
    private let isolation: HandlerIsolation
    private let absorbed: AbsorbedFilter<Element>

    required init(
        subscribeHandler: @escaping AnonymousObservable<SourceElement>.SubscribeHandler,
        router: @escaping AnonymousObservable<SourceElement>.Router, transform: @escaping Transform,
        isolation: HandlerIsolation, absorbed: AbsorbedFilter<Element>
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
        guard absorbed.admitsMap, isolation.isSame(as: self.isolation) else { return nil }
        return CreateThenMap<SourceElement, Result>(
            subscribeHandler: subscribeHandler, router: router, transform: composition(transform, next),
            isolation: self.isolation, absorbed: .none)
    }

    override func composeFilter(
        _ next: @escaping (Element) throws -> Bool, isolation: HandlerIsolation
    ) -> Observable<Element>? {
        guard isolation.isSame(as: self.isolation) else { return nil }
        // `type(of: self)` is this very class, so making it asks the runtime for no metadata. The
        // stage's check names `map(_:)`, so it keeps the map's call site.
        return type(of: self).init(
            subscribeHandler: subscribeHandler, router: router, transform: transform, isolation: self.isolation,
            absorbed: absorbed.appending(next))
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
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

// Two sinks rather than one that tests, per element, whether the stage absorbed a `filter`:
// reading that generic enum in code not specialised for the element costs more than the hop the
// stage saves (Benchmarks/RESULTS.md has the figure).

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

    func admitsTerminalEvent() -> Bool {
        gate.admitsTerminalEvent()
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

    func admitsTerminalEvent() -> Bool {
        gate.admitsTerminalEvent()
    }

    /// The observer handed to the `create` closure, as `create`'s own sink makes it.
    func makeObserver() -> AnyObserver<SourceElement> {
        AnyObserver(
            eventHandler: { [self] event in router(event, self) },
            nextHandler: { [self] element in receiveNext(element) }
        )
    }
}
