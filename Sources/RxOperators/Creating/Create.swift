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

/// What the observer handed to the `create` closure talks to: one call for each kind of event.
@usableFromInline
protocol AnonymousObservableReceiver<Element>: AnyObject {
    associatedtype Element

    /// Receives an element unless a terminal event came first.
    func receiveNext(_ element: Element)

    /// Receives `error` if it is the first terminal event; later ones are ignored.
    func receiveError(_ error: any Swift.Error)

    /// Receives completion if it is the first terminal event; later ones are ignored.
    func receiveCompleted()
}

/// The terminal events of `create`'s sinks, written once: the first passes the sink's gate and
/// ends the subscription, later ones are ignored. Each sink says how its gate answers; the
/// observer it hands the `create` closure stays in each sink (see `makeObserver()`).
protocol GatedAnonymousObservableReceiver: AnonymousObservableReceiver {
    /// Whether a terminal event may pass; exactly one call ever answers `true`.
    func admitsTerminalEvent() -> Bool
    func forwardErrorAndDispose(_ error: any Swift.Error)
    func forwardCompletedAndDispose()
}

extension GatedAnonymousObservableReceiver {
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
/// and a `filter` after that, join its stage (``CreateThenMap``).
@usableFromInline
final class AnonymousObservable<Element>: ComposableProducer<Element> {
    @usableFromInline
    typealias SubscribeHandler = (AnyObserver<Element>) -> any Disposable

    @usableFromInline
    typealias Router = (Event<Element>, any AnonymousObservableReceiver<Element>) -> Void

    let subscribeHandler: SubscribeHandler
    let router: Router

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

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> RunReceipt
    where Observer.Element == Element {
        let sink = AnonymousObservableSink(router: router, observer: observer, cancel: cancel)
        return sink.holding(subscribeHandler(sink.makeObserver()))
    }
}

/// The sink behind the observer the `create` closure talks to: it enforces the event grammar
/// for code the framework does not control.
final class AnonymousObservableSink<Observer: ObserverType>: Sink<Observer>, GatedAnonymousObservableReceiver {
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
    // Written in each of `create`'s sinks, not in `GatedAnonymousObservableReceiver`'s extension:
    // there the closures would also capture the sink's witness table, which takes a context.
    func makeObserver() -> AnyObserver<Element> {
        AnyObserver(
            eventHandler: { [self] event in router(event, self) },
            nextHandler: { [self] element in receiveNext(element) }
        )
    }
}
