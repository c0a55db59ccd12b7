import RxCore
import RxDisposables

extension ObservableType {
    /// Passes the source on until `other` sends its first element, and then completes.
    ///
    /// `other` is subscribed to first, then the source. An error from either is passed on and
    /// ends the subscription; `other` completing without an element only ends `other`'s
    /// subscription, and the source then runs to its own end. The events of the two are
    /// serialized: downstream is never called from two threads at once.
    ///
    /// As in RxSwift, `other`'s events wait while an event of the source is delivered on another
    /// thread: if that delivery waits for the queue `other` sends on (a `timer` on the main queue
    /// and `DispatchQueue.main.sync`), the two deadlock.
    public func take(until other: some ObservableType) -> Observable<Element> {
        TakeUntilOther(source: asObservable(), other: other.asObservable())
    }

    /// Passes on elements until `predicate` returns `true`, and completes at that element
    /// (passing it on too when `behavior` is ``TakeBehavior/inclusive``).
    ///
    /// An error thrown by `predicate` is sent as `error` and ends the subscription.
    public func take(
        until predicate: @escaping (Element) throws -> Bool, behavior: TakeBehavior = .exclusive,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        let handlerIsolation = HandlerIsolation(isolation, file: file, line: line)
        let predicate =
            handlerIsolation.isNonisolated ? predicate : handlerIsolation.guarding(predicate, "take(until:)")
        return TakeUntilPredicate(source: asObservable(), behavior: behavior, predicate: predicate)
    }
}

/// The producer behind `take(until:)` with another sequence.
final class TakeUntilOther<Element, Other>: Producer<Element> {
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
        let sink = TakeUntilOtherSink<Observer, Other>(
            otherSubscription: otherSubscription, observer: observer, cancel: cancel)
        let running = sink.holding(Disposables.create(sourceSubscription, otherSubscription))
        otherSubscription.setDisposable(other.subscribe(TakeUntilOtherObserver(sink: sink)))
        // `other` may have ended everything while being subscribed; the source is then left alone.
        if !sink.isDisposed {
            sourceSubscription.setDisposable(source.subscribe(sink))
        }
        return running
    }
}

/// Passes the source on until the other sequence's first element.
final class TakeUntilOtherSink<Observer: ObserverType, Other>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    private let serializer = Serializer<SourceOrOther<Element, Other>>()
    private let otherSubscription: SingleAssignmentDisposable
    // Touched only by the thread holding the serializer.
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
            forwardNext(element)
        case .source(.error(let error)):
            forwardErrorAndDispose(error)
        case .source(.completed):
            forwardCompletedAndDispose()
        case .other(let event):
            // Anything `other` sends after its own completion is not an event of it.
            guard !otherEnded else { return }
            switch event {
            case .next:
                forwardCompletedAndDispose()
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

/// Passes `other`'s events to its `take(until:)` sink.
final class TakeUntilOtherObserver<Observer: ObserverType, Other>: ObserverType {
    typealias Element = Other

    private let sink: TakeUntilOtherSink<Observer, Other>

    init(sink: TakeUntilOtherSink<Observer, Other>) {
        self.sink = sink
    }

    func on(_ event: Event<Other>) {
        sink.onOther(event)
    }
}

/// The producer behind `take(until:behavior:)`.
final class TakeUntilPredicate<Element>: Producer<Element> {
    typealias Predicate = (Element) throws -> Bool

    private let source: Observable<Element>
    private let behavior: TakeBehavior
    private let predicate: Predicate

    init(source: Observable<Element>, behavior: TakeBehavior, predicate: @escaping Predicate) {
        self.source = source
        self.behavior = behavior
        self.predicate = predicate
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Element {
        let sink = TakeUntilPredicateSink(behavior: behavior, predicate: predicate, observer: observer, cancel: cancel)
        return sink.subscribe(to: source)
    }
}

/// Forwards elements until the predicate first holds.
final class TakeUntilPredicateSink<Observer: ObserverType>: Sink<Observer>, TerminalEventForwarding {
    typealias Element = Observer.Element
    typealias Predicate = (Element) throws -> Bool

    private let behavior: TakeBehavior
    private let predicate: Predicate
    private var running = true

    init(behavior: TakeBehavior, predicate: @escaping Predicate, observer: Observer, cancel: any Cancelable) {
        self.behavior = behavior
        self.predicate = predicate
        super.init(observer: observer, cancel: cancel)
    }

    func onNext(_ element: Element) {
        guard running else { return }
        let stops: Bool
        do {
            stops = try predicate(element)
        } catch {
            running = false
            forwardErrorAndDispose(error)
            return
        }
        if !stops {
            forwardNext(element)
            return
        }
        running = false
        if behavior == .inclusive {
            forwardNext(element)
        }
        forwardCompletedAndDispose()
    }
}
