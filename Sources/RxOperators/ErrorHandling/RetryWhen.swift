import RxCore
import RxDisposables

extension ObservableType {
    /// Subscribes to the source again, from scratch, each time it fails and the sequence made by
    /// `notificationHandler` then sends an element.
    ///
    /// `notificationHandler` is called once per subscriber with the sequence of the source's
    /// errors, and its result (the trigger) is subscribed to before the source. After each
    /// failure the failed subscription is disposed, the error is sent to the errors sequence,
    /// and the failure listens to the trigger until the next attempt starts: each element the
    /// trigger sends meanwhile asks for an attempt, its completion completes the result and its
    /// error fails it. A trigger that ends while no failure listens ends the result at the next
    /// failure. The source's completion completes the result.
    ///
    /// As in RxSwift, an attempt asked for while an attempt is being subscribed (a source that
    /// fails inside its own `subscribe`) starts only once that `subscribe` has returned: a trigger
    /// that sends an element and completes at once, as `errors.take(2)` does on the second
    /// failure, completes the result first, and the attempt it asked for never runs.
    public func retry<TriggerObservable: ObservableType>(
        when notificationHandler: @escaping (Observable<any Swift.Error>) -> TriggerObservable,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        let handlerIsolation = HandlerIsolation(isolation, file: file, line: line)
        let notificationHandler =
            handlerIsolation.isNonisolated
            ? notificationHandler : handlerIsolation.guarding(notificationHandler, "retry(when:)")
        return RetryWhen(source: asObservable(), notificationHandler: notificationHandler)
    }

    /// The form of `retry(when:)` whose errors sequence
    /// carries one type of error: a failure with an error of another type is sent on as the
    /// result's error, without consulting the trigger.
    public func retry<TriggerObservable: ObservableType, Error: Swift.Error>(
        when notificationHandler: @escaping (Observable<Error>) -> TriggerObservable,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        let handlerIsolation = HandlerIsolation(isolation, file: file, line: line)
        let notificationHandler =
            handlerIsolation.isNonisolated
            ? notificationHandler : handlerIsolation.guarding(notificationHandler, "retry(when:)")
        return RetryWhen(source: asObservable(), notificationHandler: notificationHandler)
    }
}

/// The producer behind both forms of `retry(when:)`.
final class RetryWhen<Element, Failure, TriggerObservable: ObservableType>: Producer<Element> {
    private let source: Observable<Element>
    private let notificationHandler: (Observable<Failure>) -> TriggerObservable

    init(source: Observable<Element>, notificationHandler: @escaping (Observable<Failure>) -> TriggerObservable) {
        self.source = source
        self.notificationHandler = notificationHandler
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Element {
        let errors = PublishSubject<Failure>()
        let trigger = notificationHandler(errors.asObservable())
        let sink = RetryWhenSink(source: source, errors: errors, observer: observer, cancel: cancel)
        let triggerSubscription = SingleAssignmentDisposable()
        let running = sink.holding(Disposables.create(sink.attempt, triggerSubscription))
        triggerSubscription.setDisposable(
            trigger.subscribe(RetryTriggerObserver<TriggerObservable.Element, Failure, Observer>(sink: sink)))
        sink.requestNextAttempt()
        return running
    }
}

/// Resubscribes to the source when the trigger asks after a failure.
///
/// Counts attempts as RxSwift does, where each failure subscribes a listener to the trigger (a
/// subject the trigger feeds) that the next attempt's start unsubscribes: a failure listens
/// from the moment it happened until the next attempt starts, so the trigger's completion right
/// after the element that asked for an attempt still ends the sequence when that attempt waits
/// for a subscription in progress to return; each element the trigger sends while a failure
/// listens asks for an attempt; an element sent while none listens is dropped, and a terminal
/// event is kept for the next failure, as the subject would keep it.
final class RetryWhenSink<Failure, Observer: ObserverType>: ResubscribingSink<Observer> {
    private let source: Observable<Observer.Element>
    private let errors: PublishSubject<Failure>
    private let lock = RxLock()
    // Guarded by `lock`. Not generic (unlike a type nested here), so that reading it looks up no
    // metadata.
    private var state = RetryTriggerState.running

    init(
        source: Observable<Observer.Element>, errors: PublishSubject<Failure>, observer: Observer,
        cancel: any Cancelable
    ) {
        self.source = source
        self.errors = errors
        super.init(observer: observer, cancel: cancel)
    }

    override func startNextAttempt() {
        // The failure that asked for this attempt stops listening: what the trigger sends from
        // now on is for the next failure.
        lock.withLock {
            if case .listening = state {
                state = .running
            }
        }
        subscribeAttempt(to: source)
    }

    override func attemptFailed(_ error: any Swift.Error) {
        guard let failure = error as? Failure else {
            forwardErrorAndDispose(error)
            return
        }
        // Disposes the failed subscription before the handler hears of the error.
        attempt.disposable = nil
        let ended = lock.withLockUnchecked { () -> (any Swift.Error)?? in
            if case .triggerEnded(let error) = state {
                return .some(error)
            }
            state = .listening
            return nil
        }
        if let ended {
            end(with: ended)
            return
        }
        errors.onNext(failure)
    }

    /// The trigger sent an element: an attempt, if a failure listens.
    func triggerSentElement() {
        let listening = lock.withLock {
            if case .listening = state { return true }
            return false
        }
        if listening {
            requestNextAttempt()
        }
    }

    /// The trigger ended: the sequence ends now if a failure listens, or at the next failure.
    func triggerEnded(with error: (any Swift.Error)?) {
        let listening = lock.withLock { () -> Bool in
            if case .listening = state {
                return true
            }
            state = .triggerEnded(error)
            return false
        }
        if listening {
            end(with: error)
        }
    }

    private func end(with error: (any Swift.Error)?) {
        if let error {
            forwardErrorAndDispose(error)
        } else {
            forwardCompletedAndDispose()
        }
    }
}

/// Whether a failure of a `retry(when:)` listens to the trigger, or how the trigger ended.
enum RetryTriggerState {
    /// No failure listens: an element of the trigger is dropped.
    case running
    /// A failure listens, until the next attempt starts.
    case listening
    /// The trigger ended, with this error or completion, while no failure listened.
    case triggerEnded((any Swift.Error)?)
}

/// Observes the trigger for the sink.
final class RetryTriggerObserver<Element, Failure, Observer: ObserverType>: ObserverType {
    private let sink: RetryWhenSink<Failure, Observer>
    private let gate = TerminalGate()

    init(sink: RetryWhenSink<Failure, Observer>) {
        self.sink = sink
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            if gate.admitsElements {
                sink.triggerSentElement()
            }
        case .error(let error):
            if gate.admitsTerminalEvent() {
                sink.triggerEnded(with: error)
            }
        case .completed:
            if gate.admitsTerminalEvent() {
                sink.triggerEnded(with: nil)
            }
        }
    }
}
