import RxCore
import RxDisposables

extension ConnectableObservableType {
    /// A sequence that connects this connectable sequence when its first observer subscribes,
    /// and disposes the connection when its last observer leaves. The source's terminal event
    /// ends the connection too: the next observer starts a new one.
    public func refCount() -> Observable<Element> {
        RefCount(source: self)
    }
}

/// What `refCount()` returns. It counts the observers of the current connection; each
/// connection is a generation, so an observer of an ended connection that leaves late does not
/// touch the count of the next one.
final class RefCount<Connectable: ConnectableObservableType>: Producer<Connectable.Element> {
    fileprivate let source: Connectable
    private let lock = RxLock()
    // Guarded by `lock`.
    private var count = 0
    private var generation: UInt64 = 0
    private var connection: (any Disposable)?

    init(source: Connectable) {
        self.source = source
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> RunningSink
    where Observer.Element == Element {
        // Counted before subscribing, so that the sink knows its generation before any event
        // reaches it; connected after, so that it sees what the connection sends first.
        let (counted, connects) = lock.withLockReturningShared { () -> (UInt64, Bool) in
            count += 1
            if count == 1 {
                generation &+= 1
                return (generation, true)
            }
            return (generation, false)
        }
        let sink = RefCountSink(parent: self, generation: counted, observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        if connects {
            // Outside the lock: connecting subscribes to the source, which is the user's code.
            let made = source.connect()
            let stale = lock.withLockReturningShared { () -> (any Disposable)? in
                // Every observer may have left, or the source ended, while it connected.
                guard generation == counted && count > 0 else { return made }
                connection = made
                return nil
            }
            stale?.dispose()
        }
        return sink.holding(
            Disposables.create {
                subscription.dispose()
                self.observerLeft(generation: counted)
            })
    }

    /// Counts an observer of `generation` out, and disposes the connection when it was the last.
    private func observerLeft(generation: UInt64) {
        let ended = lock.withLockReturningShared { () -> (any Disposable)? in
            guard self.generation == generation && count > 0 else { return nil }
            count -= 1
            guard count == 0 else { return nil }
            defer { connection = nil }
            return connection
        }
        ended?.dispose()
    }

    /// Ends the connection of `generation` when its source ended: the count starts again from
    /// zero, and the observers of this generation that leave afterwards are not counted out.
    fileprivate func sourceEnded(generation: UInt64) {
        let ended = lock.withLockReturningShared { () -> (any Disposable)? in
            guard self.generation == generation else { return nil }
            count = 0
            self.generation &+= 1
            defer { connection = nil }
            return connection
        }
        ended?.dispose()
    }
}

final class RefCountSink<Connectable: ConnectableObservableType, Observer: ObserverType>: Sink<Observer>, ObserverType
where Observer.Element == Connectable.Element {
    typealias Element = Observer.Element

    private let parent: RefCount<Connectable>
    /// The connection this observer was counted in.
    private let generation: UInt64

    init(parent: RefCount<Connectable>, generation: UInt64, observer: Observer, cancel: any Cancelable) {
        self.parent = parent
        self.generation = generation
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            forwardNext(element)
        case .error(let error):
            parent.sourceEnded(generation: generation)
            forwardErrorAndDispose(error)
        case .completed:
            parent.sourceEnded(generation: generation)
            forwardCompletedAndDispose()
        }
    }

    func onNext(_ element: Element) {
        forwardNext(element)
    }
}
