import RxCore
import RxDisposables

extension ObservableType {
    /// This sequence as a `Single`, checked: its one element is sent when it completes. A
    /// second element fails the result with ``/RxCore/RxError/moreThanOneElement`` at once,
    /// disposing the source; completion without an element fails it with
    /// ``/RxCore/RxError/noElements``.
    public func asSingle() -> Single<Element> {
        Single(raw: AsSingle(source: asObservable(), requiresElement: true))
    }

    /// This sequence as a `Maybe`, checked: its element, if any, is sent when it completes. A
    /// second element fails the result with ``/RxCore/RxError/moreThanOneElement`` at once,
    /// disposing the source.
    public func asMaybe() -> Maybe<Element> {
        Maybe(raw: AsSingle(source: asObservable(), requiresElement: false))
    }
}

/// The producer behind `asSingle()` and `asMaybe()`.
final class AsSingle<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let requiresElement: Bool

    init(source: Observable<Element>, requiresElement: Bool) {
        self.source = source
        self.requiresElement = requiresElement
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> RunningSink
    where Observer.Element == Element {
        let sink = AsSingleSink(requiresElement: requiresElement, observer: observer, cancel: cancel)
        return sink.subscribe(to: source)
    }
}

/// Holds the source's element until it completes, failing on a second one (and, for
/// `asSingle()`, on completion without one).
final class AsSingleSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    private let requiresElement: Bool
    // Touched only by `on(_:)`, which the source calls serially.
    private var element: Element?

    init(requiresElement: Bool, observer: Observer, cancel: any Cancelable) {
        self.requiresElement = requiresElement
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        // A source that ignores disposal cannot leave an element behind.
        guard !isDisposed else { return }
        switch event {
        case .next(let next):
            if element != nil {
                element = nil
                forwardErrorAndDispose(RxError.moreThanOneElement)
                return
            }
            element = next
        case .error(let error):
            element = nil
            forwardErrorAndDispose(error)
        case .completed:
            if let held = element {
                element = nil
                forwardNext(held)
                forwardCompletedAndDispose()
            } else if requiresElement {
                forwardErrorAndDispose(RxError.noElements)
            } else {
                forwardCompletedAndDispose()
            }
        }
    }
}
