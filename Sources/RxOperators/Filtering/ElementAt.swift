import RxCore
import RxDisposables

extension ObservableType {
    /// The element at `index` (counted from zero), then completion, which also ends the
    /// upstream subscription. A source that ends before reaching it fails with
    /// ``/RxCore/RxError/argumentOutOfRange``.
    ///
    /// - Precondition: `index` is not negative; otherwise the program stops with a message
    ///   naming it.
    public func element(at index: Int) -> Observable<Element> {
        if index < 0 {
            rxFatalError("element(at:): index must not be negative, but it is \(index)")
        }
        return ElementAt(source: asObservable(), index: index)
    }
}

/// The producer behind `element(at:)`.
final class ElementAt<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let index: Int

    init(source: Observable<Element>, index: Int) {
        self.source = source
        self.index = index
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Element {
        let sink = ElementAtSink(index: index, observer: observer, cancel: cancel)
        return sink.subscribe(to: source)
    }
}

/// Counts elements down to the one wanted.
final class ElementAtSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    private var remaining: Int

    init(index: Int, observer: Observer, cancel: any Cancelable) {
        remaining = index
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let error):
            forwardErrorAndDispose(error)
        case .completed:
            forwardErrorAndDispose(RxError.argumentOutOfRange)
        }
    }

    func onNext(_ element: Element) {
        if remaining > 0 {
            remaining -= 1
            return
        }
        forwardNext(element)
        forwardCompletedAndDispose()
    }
}
