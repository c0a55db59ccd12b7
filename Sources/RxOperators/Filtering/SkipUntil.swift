import RxCore
import RxDisposables

extension ObservableType {
    /// Drops the source's elements until `other` sends its first element, and passes on the
    /// rest.
    ///
    /// The source is subscribed to first, then `other`, whose subscription ends at its first
    /// element or at its completion. An error from either is passed on and ends the
    /// subscription. As in RxSwift, the source's completion is passed on only once `other` has
    /// sent an element; before that it ends the subscription without an event. The events of
    /// the two are serialized: downstream is never called from two threads at once.
    ///
    /// As in RxSwift, `other`'s events wait while the source's event is delivered on another
    /// thread: if that delivery waits for the queue `other` sends on (a `timer` on the main queue
    /// and `DispatchQueue.main.sync`), the two deadlock.
    public func skip(until other: some ObservableType) -> Observable<Element> {
        SkipUntil(source: asObservable(), other: other.asObservable())
    }
}

/// The producer behind `skip(until:)`.
final class SkipUntil<Element, Other>: Producer<Element> {
    private let source: Observable<Element>
    private let other: Observable<Other>

    init(source: Observable<Element>, other: Observable<Other>) {
        self.source = source
        self.other = other
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Element {
        let sourceSubscription = SingleAssignmentDisposable()
        let otherSubscription = SingleAssignmentDisposable()
        let sink = SkipUntilSink<Observer, Other>(
            otherSubscription: otherSubscription, observer: observer, cancel: cancel)
        let running = sink.holding(Disposables.create(sourceSubscription, otherSubscription))
        sourceSubscription.setDisposable(source.subscribe(sink))
        // The source may have ended everything while being subscribed; `other` is then left alone.
        if !sink.isDisposed {
            otherSubscription.setDisposable(other.subscribe(SkipUntilOtherObserver(sink: sink)))
        }
        return running
    }
}

/// Drops the source's elements until the other sequence's first element.
final class SkipUntilSink<Observer: ObserverType, Other>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    private let serializer = Serializer<SourceOrOther<Element, Other>>()
    private let otherSubscription: SingleAssignmentDisposable
    // Touched only by the thread holding the serializer.
    private var forwarding = false
    private var otherEnded = false

    init(otherSubscription: SingleAssignmentDisposable, observer: Observer, cancel: any Cancelable) {
        self.otherSubscription = otherSubscription
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        guard !isDisposed else { return }
        serializer.send(.source(event), handle)
    }

    func onOther(_ event: Event<Other>) {
        guard !isDisposed else { return }
        serializer.send(.other(event), handle)
    }

    private func handle(_ input: SourceOrOther<Element, Other>) {
        switch input {
        case .source(.next(let element)):
            if forwarding {
                forwardNext(element)
            }
        case .source(.error(let error)):
            forwardErrorAndDispose(error)
        case .source(.completed):
            if forwarding {
                forwardCompletedAndDispose()
            } else {
                dispose()
            }
        case .other(let event):
            // `other` is done with at its first element or its completion; anything it sends
            // after is not an event of it.
            guard !otherEnded else { return }
            switch event {
            case .next:
                otherEnded = true
                forwarding = true
                otherSubscription.dispose()
            case .error(let error):
                forwardErrorAndDispose(error)
            case .completed:
                otherEnded = true
                otherSubscription.dispose()
            }
        }
    }

    override func dispose() {
        super.dispose()
        // What waits in the queue is released by the thread holding the serializer.
        serializer.close()
    }
}

/// Passes `other`'s events to its `skip(until:)` sink.
final class SkipUntilOtherObserver<Observer: ObserverType, Other>: ObserverType {
    typealias Element = Other

    private let sink: SkipUntilSink<Observer, Other>

    init(sink: SkipUntilSink<Observer, Other>) {
        self.sink = sink
    }

    func on(_ event: Event<Other>) {
        sink.onOther(event)
    }
}
