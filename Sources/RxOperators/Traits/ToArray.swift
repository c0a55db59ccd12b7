import RxCore
import RxDisposables

extension ObservableType {
    /// A `Single` of every element of the source, in order, sent when the source completes.
    /// The source's error fails it, and the elements gathered so far are let go of.
    public func toArray() -> Single<[Element]> {
        Single(raw: ToArray(source: asObservable()))
    }
}

/// The producer behind `toArray()`.
final class ToArray<Element>: Producer<[Element]> {
    private let source: Observable<Element>

    init(source: Observable<Element>) {
        self.source = source
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> RunningSink
    where Observer.Element == [Element] {
        let sink = ToArraySink<Element, Observer>(observer: observer, cancel: cancel)
        return sink.subscribe(to: source)
    }
}

/// Gathers the source's elements and sends them all on completion.
final class ToArraySink<Element, Observer: ObserverType>: Sink<Observer>, ObserverType
where Observer.Element == [Element] {
    // Touched only by `on(_:)`, which the source calls serially.
    private var elements: [Element] = []

    func on(_ event: Event<Element>) {
        // A source that ignores disposal cannot make the array grow.
        guard !isDisposed else { return }
        switch event {
        case .next(let element):
            elements.append(element)
        case .error(let error):
            elements = []
            forwardErrorAndDispose(error)
        case .completed:
            let gathered = elements
            elements = []
            forwardNext(gathered)
            forwardCompletedAndDispose()
        }
    }
}
