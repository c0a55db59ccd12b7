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

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
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
    // The source's events set the held element and `dispose()`, from any thread, lets go of it,
    // so both go through `lock`; no element is released while it is held.
    private let lock = RxLock()
    private var held: Element?
    // Set once the held element has been taken for good (sent, dropped on an error, or let go
    // of on disposal): nothing is held after that.
    private var givenUp = false

    init(requiresElement: Bool, observer: Observer, cancel: any Cancelable) {
        self.requiresElement = requiresElement
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            // The first element, let go of on a second one, dies after the lock.
            var dropped: Element?
            let isSecond = lock.withLockUnchecked { () -> Bool in
                guard !givenUp else { return false }
                guard held == nil else {
                    dropped = held
                    held = nil
                    givenUp = true
                    return true
                }
                held = element
                return false
            }
            _ = dropped
            if isSecond {
                forwardErrorAndDispose(RxError.moreThanOneElement)
            }
        case .error(let error):
            _ = takeHeld()
            forwardErrorAndDispose(error)
        case .completed:
            if let element = takeHeld() {
                forwardNext(element)
                forwardCompletedAndDispose()
            } else if requiresElement {
                forwardErrorAndDispose(RxError.noElements)
            } else {
                forwardCompletedAndDispose()
            }
        }
    }

    override func dispose() {
        super.dispose()
        // The element still held dies here, outside the lock.
        _ = takeHeld()
    }

    private func takeHeld() -> Element? {
        lock.withLockUnchecked {
            defer {
                held = nil
                givenUp = true
            }
            return held
        }
    }
}
