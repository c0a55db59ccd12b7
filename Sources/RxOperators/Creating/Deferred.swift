import RxCore
import RxDisposables

extension ObservableType {
    /// A sequence built anew for every subscriber by `observableFactory`, at the moment it
    /// subscribes. An error thrown by the factory is sent to that subscriber as `error`.
    @inlinable
    public static func deferred(
        _ observableFactory: @escaping () throws -> Observable<Element>, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        let handlerIsolation = HandlerIsolation(isolation, file: file, line: line)
        let observableFactory =
            handlerIsolation.isNonisolated
            ? observableFactory : handlerIsolation.guarding(observableFactory, "deferred(_:)")
        // Inlinable, so that `Deferred<Element>` is made where its type is known: its metadata
        // then comes from a cache in the caller instead of a runtime lookup at every call.
        return Deferred(observableFactory: observableFactory)
    }
}

/// The producer behind `deferred`.
@usableFromInline
final class Deferred<Element>: Producer<Element> {
    let observableFactory: () throws -> Observable<Element>

    @usableFromInline
    init(observableFactory: @escaping () throws -> Observable<Element>) {
        self.observableFactory = observableFactory
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Element {
        let sink = DeferredSink(observer: observer, cancel: cancel)
        let source: Observable<Element>
        do {
            source = try observableFactory()
        } catch {
            sink.forwardErrorAndDispose(error)
            return sink.holding(Disposables.create())
        }
        return sink.subscribe(to: source)
    }
}

/// Subscribes to the sequence the factory returns and forwards its events.
final class DeferredSink<Observer: ObserverType>: Sink<Observer>, TerminalEventForwarding {
    typealias Element = Observer.Element

    @inline(__always)
    func onNext(_ element: Element) {
        forwardNext(element)
    }

}
