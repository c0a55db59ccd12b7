import RxCore
import RxDisposables

extension ObservableType {
    /// Subscribes to the source again, from scratch, each time it fails and the sequence made by
    /// `notificationHandler` then sends an element.
    ///
    /// `notificationHandler` is called once per subscriber with the sequence of the source's
    /// errors, and its result (the trigger) is subscribed to before the source. After each
    /// failure the failed subscription is disposed, the error is sent to the errors sequence,
    /// and the operator waits: the trigger's next element resubscribes (once per failure),
    /// its completion completes the result and its error fails it. A trigger that ends while no
    /// failure is waiting ends the result at the next failure. The source's completion
    /// completes the result.
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

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> RunReceipt
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
final class RetryWhenSink<Failure, Observer: ObserverType>: ResubscribingSink<Observer> {
    /// What the trigger did, and whether a failure waits for it.
    private enum State {
        case running
        case waiting
        case triggerEnded((any Swift.Error)?)
    }

    private let source: Observable<Observer.Element>
    private let errors: PublishSubject<Failure>
    private let state = RxMutex(State.running)

    init(
        source: Observable<Observer.Element>, errors: PublishSubject<Failure>, observer: Observer,
        cancel: any Cancelable
    ) {
        self.source = source
        self.errors = errors
        super.init(observer: observer, cancel: cancel)
    }

    override func startNextAttempt() {
        subscribeAttempt(to: source)
    }

    override func attemptFailed(_ error: any Swift.Error) {
        guard let failure = error as? Failure else {
            forwardErrorAndDispose(error)
            return
        }
        // Disposes the failed subscription before the handler hears of the error.
        attempt.disposable = nil
        let ended: (any Swift.Error)?? = state.withLock { state in
            if case .triggerEnded(let error) = state {
                return .some(error)
            }
            state = .waiting
            return nil
        }
        if let ended {
            end(with: ended)
            return
        }
        errors.onNext(failure)
    }

    func triggerSentElement() {
        let resubscribe = state.withLock { state in
            guard case .waiting = state else { return false }
            state = .running
            return true
        }
        if resubscribe {
            requestNextAttempt()
        }
    }

    func triggerEnded(with error: (any Swift.Error)?) {
        let waiting = state.withLock { state in
            if case .waiting = state {
                return true
            }
            state = .triggerEnded(error)
            return false
        }
        if waiting {
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
