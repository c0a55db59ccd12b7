import RxCore
import RxDisposables

extension ObservableType {
    /// The source's only element, passed on as it arrives. A second element ends the sequence
    /// with ``/RxCore/RxError/moreThanOneElement``; completion without any element ends it with
    /// ``/RxCore/RxError/noElements``.
    public func single() -> Observable<Element> {
        SingleElement(source: asObservable(), predicate: nil)
    }

    /// The only element that satisfies `predicate`, passed on as it arrives. A second one ends
    /// the sequence with ``/RxCore/RxError/moreThanOneElement``; completion without any ends it with
    /// ``/RxCore/RxError/noElements``. An error thrown by `predicate` ends the sequence.
    public func single(
        _ predicate: @escaping (Element) throws -> Bool, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        let handlerIsolation = HandlerIsolation(isolation, file: file, line: line)
        let predicate = handlerIsolation.isNonisolated ? predicate : handlerIsolation.guarding(predicate, "single(_:)")
        return SingleElement(source: asObservable(), predicate: predicate)
    }
}

/// The producer behind both forms of `single`.
final class SingleElement<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let predicate: ((Element) throws -> Bool)?

    init(source: Observable<Element>, predicate: ((Element) throws -> Bool)?) {
        self.source = source
        self.predicate = predicate
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Element {
        let sink = SingleElementSink(predicate: predicate, observer: observer, cancel: cancel)
        return sink.subscribe(to: source)
    }
}

/// Passes on the first matching element and fails on a second, or on completion without one.
final class SingleElementSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    private let predicate: ((Element) throws -> Bool)?
    private var hasElement = false

    init(predicate: ((Element) throws -> Bool)?, observer: Observer, cancel: any Cancelable) {
        self.predicate = predicate
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let error):
            forwardErrorAndDispose(error)
        case .completed:
            if hasElement {
                forwardCompletedAndDispose()
            } else {
                forwardErrorAndDispose(RxError.noElements)
            }
        }
    }

    func onNext(_ element: Element) {
        if let predicate {
            do {
                guard try predicate(element) else { return }
            } catch {
                forwardErrorAndDispose(error)
                return
            }
        }
        if hasElement {
            forwardErrorAndDispose(RxError.moreThanOneElement)
            return
        }
        hasElement = true
        forwardNext(element)
    }
}
