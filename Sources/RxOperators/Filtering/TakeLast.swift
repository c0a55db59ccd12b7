import RxCore
import RxDisposables

extension ObservableType {
    /// The last `count` elements, sent when the source completes, then completion. Only those
    /// elements are kept while the source runs; an error is passed on at once, without them.
    ///
    /// - Precondition: `count` is not negative; otherwise the program stops with a message
    ///   naming it.
    public func takeLast(_ count: Int) -> Observable<Element> {
        if count < 0 {
            rxFatalError("takeLast(_:): count must not be negative, but it is \(count)")
        }
        return TakeLast(source: asObservable(), count: count)
    }
}

/// The producer behind `takeLast(_:)`.
final class TakeLast<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let count: Int

    init(source: Observable<Element>, count: Int) {
        self.source = source
        self.count = count
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Element {
        let sink = TakeLastSink(count: count, observer: observer, cancel: cancel)
        return sink.subscribe(to: source)
    }
}

/// Keeps the last `count` elements in a ring and sends them on completion.
final class TakeLastSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    private let count: Int
    // The source's events add to the ring and `dispose()`, from any thread, lets go of it, so both
    // go through `lock`; no element is released while it is held. `nil` once given up.
    private let lock = RxLock()
    private var kept: RingQueue<Element>? = RingQueue()

    init(count: Int, observer: Observer, cancel: any Cancelable) {
        self.count = count
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let error):
            forwardErrorAndDispose(error)
        case .completed:
            // Each element is given up as it is sent; those left when the subscription is
            // disposed meanwhile die with the ring, after the loop.
            if let ring = takeKept() {
                while !ring.isEmpty && !isDisposed {
                    forwardNext(ring.removeFirst())
                }
            }
            forwardCompletedAndDispose()
        }
    }

    func onNext(_ element: Element) {
        guard count > 0 else { return }
        // The element pushed out of the ring, or the new one once disposed, dies after the lock.
        let dropped: Element? = lock.withLockUnchecked {
            guard let kept else { return element }
            kept.append(element)
            return kept.count > count ? kept.removeFirst() : nil
        }
        _ = dropped
    }

    override func dispose() {
        super.dispose()
        // The elements still kept die here, outside the lock.
        _ = takeKept()
    }

    private func takeKept() -> RingQueue<Element>? {
        lock.withLockUnchecked {
            defer { kept = nil }
            return kept
        }
    }
}
