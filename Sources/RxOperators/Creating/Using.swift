import RxCore
import RxDisposables

extension ObservableType {
    /// A sequence that owns a resource: for every subscriber, `resourceFactory` makes the
    /// resource, `observableFactory` makes the sequence from it, and the resource is disposed
    /// when that subscription ends, after the sequence's own subscription.
    ///
    /// An error thrown by either factory is sent to that subscriber as `error`; when
    /// `observableFactory` throws, the resource it was given is disposed after the error.
    public static func using<Resource: Disposable>(
        _ resourceFactory: @escaping () throws -> Resource,
        observableFactory: @escaping (Resource) throws -> Observable<Element>,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        let handlerIsolation = HandlerIsolation(isolation, file: file, line: line)
        let resourceFactory =
            handlerIsolation.isNonisolated ? resourceFactory : handlerIsolation.guarding(resourceFactory, "using(_:)")
        let observableFactory =
            handlerIsolation.isNonisolated
            ? observableFactory : handlerIsolation.guarding(observableFactory, "using(observableFactory:)")
        return Using(resourceFactory: resourceFactory, observableFactory: observableFactory)
    }
}

/// The producer behind `using(_:observableFactory:)`.
final class Using<Element, Resource: Disposable>: Producer<Element> {
    private let resourceFactory: () throws -> Resource
    private let observableFactory: (Resource) throws -> Observable<Element>

    init(
        resourceFactory: @escaping () throws -> Resource,
        observableFactory: @escaping (Resource) throws -> Observable<Element>
    ) {
        self.resourceFactory = resourceFactory
        self.observableFactory = observableFactory
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Element {
        let sink = UsingSink(observer: observer, cancel: cancel)
        let resource: Resource
        do {
            resource = try resourceFactory()
        } catch {
            sink.forwardErrorAndDispose(error)
            return sink.holding(Disposables.create())
        }
        let source: Observable<Element>
        do {
            source = try observableFactory(resource)
        } catch {
            sink.forwardErrorAndDispose(error)
            // The sink is disposed: holding the resource disposes it at once.
            return sink.holding(resource)
        }
        // A source that ends while being subscribed has disposed the sink already: holding the
        // pair then disposes the subscription, then the resource, as RxSwift does.
        return sink.holding(Disposables.create(source.subscribe(sink), resource))
    }
}

/// Passes the resource's sequence on unchanged.
final class UsingSink<Observer: ObserverType>: Sink<Observer>, TerminalEventForwarding {
    typealias Element = Observer.Element

    func onNext(_ element: Element) {
        forwardNext(element)
    }
}
