import RxCore
import RxDisposables

/// The observer behind a `Single`'s `subscribe(onSuccess:onFailure:onDisposed:)`: it calls the
/// closures for the first event only, checked against the isolation they were written in, then
/// disposes `disposable`, which calls `onDisposed`.
///
/// One object per subscription, with the closures stored as they are: no wrapper closure for
/// the isolation check and no `SingleEvent` built between the sequence and the closures.
@usableFromInline
final class SingleSubscriptionObserver<Element>: ObserverType {
    private let gate = TerminalGate()
    private let successHandler: ((Element) -> Void)?
    private let failureHandler: ((any Swift.Error) -> Void)?
    // What calls `onDisposed`, once; none without it. A class, not an existential, so that an
    // absent one costs nothing to store and release.
    private let disposable: AnonymousDisposable?
    private let isolation: HandlerIsolation
    // Empty unless `Hooks.recordCallStackOnError` was on when the subscription was made.
    private let callStack: [String]

    @usableFromInline
    init(
        onSuccess: ((Element) -> Void)?, onFailure: ((any Swift.Error) -> Void)?, disposable: AnonymousDisposable?,
        isolation: HandlerIsolation, callStack: [String]
    ) {
        self.callStack = callStack
        successHandler = onSuccess
        failureHandler = onFailure
        self.disposable = disposable
        self.isolation = isolation
        Resources.trackAllocation(self)
    }

    deinit {
        Resources.trackDeallocation(self)
    }

    @usableFromInline
    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element): onNext(element)
        case .error(let error): onError(error)
        case .completed: onCompleted()
        }
    }

    /// The success: the sequence underneath completes after it, which is then ignored.
    @usableFromInline
    func onNext(_ element: Element) {
        guard gate.admitsTerminalEvent() else { return }
        if let successHandler {
            isolation.check("subscribe(onSuccess:)")
            successHandler(element)
        }
        disposable?.dispose()
    }

    @usableFromInline
    func onError(_ error: any Swift.Error) {
        guard gate.admitsTerminalEvent() else { return }
        fail(error)
    }

    /// After the success, the completion that follows it, ignored. Before it (possible only
    /// through `retry(when:)` whose trigger completes), the failure `RxError.noElements`.
    @usableFromInline
    func onCompleted() {
        // The gate first: the completion after every success must not build the error.
        guard gate.admitsTerminalEvent() else { return }
        fail(RxError.noElements)
    }

    private func fail(_ error: any Swift.Error) {
        if let failureHandler {
            isolation.check("subscribe(onFailure:)")
            failureHandler(error)
        } else {
            Hooks.defaultErrorHandler(callStack, error)
        }
        disposable?.dispose()
    }
}
