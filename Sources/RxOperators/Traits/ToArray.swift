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

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == [Element] {
        let sink = ToArraySink<Element, Observer>(observer: observer, cancel: cancel)
        return sink.subscribe(to: source)
    }
}

/// Gathers the source's elements and sends them all on completion.
final class ToArraySink<Element, Observer: ObserverType>: Sink<Observer>, ObserverType
where Observer.Element == [Element] {
    // The source's elements add to the array and `dispose()`, from any thread, lets go of it,
    // so both go through `lock`; no element is released while it is held. `nil` once given up.
    private let lock = RxLock()
    private var gathered: [Element]? = []

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            lock.withLockUnchecked {
                gathered?.append(element)
            }
        case .error(let error):
            _ = takeGathered()
            forwardErrorAndDispose(error)
        case .completed:
            if let elements = takeGathered() {
                forwardNext(elements)
            }
            forwardCompletedAndDispose()
        }
    }

    override func dispose() {
        super.dispose()
        // The elements gathered so far die here, outside the lock.
        _ = takeGathered()
    }

    private func takeGathered() -> [Element]? {
        lock.withLockUnchecked {
            defer { gathered = nil }
            return gathered
        }
    }
}
