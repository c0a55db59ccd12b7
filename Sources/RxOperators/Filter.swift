import RxCore
import RxDisposables

extension ObservableType {
    /// Passes on only the elements for which `predicate` returns `true`.
    ///
    /// An error thrown by `predicate` is sent as `error` and ends the subscription.
    public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        Filter(source: asObservable(), predicate: predicate)
    }
}

/// The producer behind `filter`.
final class Filter<Element>: Producer<Element> {
    typealias Predicate = (Element) throws -> Bool

    private let source: Observable<Element>
    private let predicate: Predicate

    init(source: Observable<Element>, predicate: @escaping Predicate) {
        self.source = source
        self.predicate = predicate
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer, cancel: any Cancelable
    ) -> (sink: any Disposable, subscription: any Disposable) where Observer.Element == Element {
        let sink = FilterSink(predicate: predicate, observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink: sink, subscription: subscription)
    }
}

/// Forwards the elements the predicate accepts.
final class FilterSink<Observer: ObserverType>: OperatorSink<Observer>, TerminalEventForwarding {
    typealias Element = Observer.Element
    typealias Predicate = (Element) throws -> Bool

    private let predicate: Predicate

    init(predicate: @escaping Predicate, observer: Observer, cancel: any Cancelable) {
        self.predicate = predicate
        super.init(observer: observer, cancel: cancel)
    }

    func onNext(_ element: Element) {
        let accepted: Bool
        do {
            accepted = try predicate(element)
        } catch {
            forwardError(error)
            return
        }
        if accepted {
            forwardNext(element)
        }
    }

}
