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

    /// The observer handed to the `create` closure. Both of its closures capture only the sink,
    /// so they need no context allocation of their own, and elements skip the router.
    func makeObserver() -> AnyObserver<Element> {
        AnyObserver(
            eventHandler: { [self] event in router(event, self) },
            nextHandler: { [self] element in receiveNext(element) }
        )
    }
}
