import RxCore
import RxDisposables

extension ObservableType {
    /// A sequence built anew for every subscriber by `observableFactory`, at the moment it
    /// subscribes. An error thrown by the factory is sent to that subscriber as `error`.
    public static func deferred(_ observableFactory: @escaping () throws -> Observable<Element>) -> Observable<Element>
    {
        Deferred(observableFactory: observableFactory)
    }
}

/// The producer behind `deferred`.
final class Deferred<Element>: Producer<Element> {
    let observableFactory: () throws -> Observable<Element>

    init(observableFactory: @escaping () throws -> Observable<Element>) {
        self.observableFactory = observableFactory
        super.init()
        linkSinks()
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer, cancel: any Cancelable
    ) -> (sink: any Disposable, subscription: any Disposable) where Observer.Element == Element {
        let sink = DeferredSink(observer: observer, cancel: cancel)
        return sink.holding(sink.run(observableFactory))
    }
}

/// Subscribes to the sequence the factory returns and forwards its events.
final class DeferredSink<Observer: ObserverType>: OperatorSink<Observer>, TerminalEventForwarding {
    typealias Element = Observer.Element

    func run(_ observableFactory: () throws -> Observable<Element>) -> any Disposable {
        do {
            return try observableFactory().subscribeSink(self)
        } catch {
            forwardError(error)
            return Disposables.create()
        }
    }

    @inline(__always)
    func onNext(_ element: Element) {
        forwardNext(element)
    }

}
