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

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> RunReceipt
    where Observer.Element == Element {
        let errors = PublishSubject<Failure>()
        let trigger = notificationHandler(errors.asObservable())
        let sink = RetryWhenSink<Failure, TriggerObservable.Element, Observer>(
            source: source, errors: errors, observer: observer, cancel: cancel)
        let triggerSubscription = SingleAssignmentDisposable()
        let running = sink.holding(Disposables.create(sink.attempt, sink.listener, triggerSubscription))
        triggerSubscription.setDisposable(trigger.subscribe(sink.trigger))
        sink.requestNextAttempt()
        return running
    }
}

/// Resubscribes to the source when the trigger asks after a failure.
///
/// Built as RxSwift builds it, so that attempts are counted alike: the trigger feeds a subject
/// of the sink's (``trigger``), which each failure listens to until the next attempt starts. A
/// trigger that ended earlier is heard by the next failure's listener as it subscribes, since the
/// subject keeps its terminal event.
final class RetryWhenSink<Failure, TriggerElement, Observer: ObserverType>: ResubscribingSink<Observer> {
    private let source: Observable<Observer.Element>
    private let errors: PublishSubject<Failure>

    /// What the trigger sends, for the listener of the last failure.
    let trigger = PublishSubject<TriggerElement>()

    /// The last failure's subscription to ``trigger``: disposed as the next attempt starts.
    let listener = SerialDisposable()

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
        listener.disposable = nil
        subscribeAttempt(to: source)
    }

    override func attemptFailed(_ error: any Swift.Error) {
        guard let failure = error as? Failure else {
            forwardErrorAndDispose(error)
            return
        }
        // Disposes the failed subscription before the handler hears of the error.
        attempt.disposable = nil
        // A trigger that has ended ends the sequence here, as the listener subscribes.
        listener.disposable = trigger.subscribe(RetryTriggerObserver(sink: self))
        guard !isDisposed else { return }
        errors.onNext(failure)
    }

    /// The trigger sent an element while a failure listened.
    func triggerSentElement() {
        requestNextAttempt()
    }

    /// The trigger ended while a failure listened, or before it did.
    func triggerEnded(with error: (any Swift.Error)?) {
        if let error {
            forwardErrorAndDispose(error)
        } else {
            forwardCompletedAndDispose()
        }
    }
}

/// A failure's listener: hears the trigger for the sink until the next attempt starts.
final class RetryTriggerObserver<Element, Failure, Observer: ObserverType>: ObserverType {
    private let sink: RetryWhenSink<Failure, Element, Observer>

    init(sink: RetryWhenSink<Failure, Element, Observer>) {
        self.sink = sink
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            sink.triggerSentElement()
        case .error(let error):
            sink.triggerEnded(with: error)
        case .completed:
            sink.triggerEnded(with: nil)
        }
    }
}
