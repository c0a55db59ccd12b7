import RxCore
import RxDisposables
import Synchronization

/// The observer behind a `Single`'s `subscribe(onSuccess:onFailure:onDisposed:)`: it calls the
/// closures for the first event only, checked against the isolation they were written in, then
/// `onDisposed`, which it also calls when disposed first; `onDisposed` runs once either way.
///
/// One object per subscription, with the closures stored as they are: no wrapper closure for
/// the isolation check, no `SingleEvent` built between the sequence and the closures, and no
/// disposable of its own for `onDisposed`.
@usableFromInline
final class SingleSubscriptionObserver<Element>: ObserverType, Disposable {
    private let gate = TerminalGate()
    private let disposedHandlerRan = Atomic<Bool>(false)
    private let successHandler: ((Element) -> Void)?
    private let failureHandler: ((any Swift.Error) -> Void)?
    private let disposedHandler: (() -> Void)?
    private let isolation: HandlerIsolation
    // Empty unless `Hooks.recordCallStackOnError` was on when the subscription was made.
    private let callStack: [String]

    @usableFromInline
    init(
        onSuccess: ((Element) -> Void)?, onFailure: ((any Swift.Error) -> Void)?, onDisposed: (() -> Void)?,
        isolation: HandlerIsolation, callStack: [String]
    ) {
        self.callStack = callStack
        successHandler = onSuccess
        failureHandler = onFailure
        disposedHandler = onDisposed
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
        dispose()
    }

    @usableFromInline
    func onError(_ error: any Swift.Error) {
        guard gate.admitsTerminalEvent() else { return }
        fail(error)
    }

    /// After the success, the completion that follows it, ignored. Before it, possible only
    /// when the sequence underneath breaks the trait's grammar, which the library's traits do
    /// not: reported as the failure `RxError.noElements`.
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
        dispose()
    }

    /// Calls `onDisposed`, the first time only; no event is handed on after it.
    @usableFromInline
    func dispose() {
        gate.close()
        guard disposedHandler != nil, !disposedHandlerRan.exchange(true, ordering: .acquiringAndReleasing) else {
            return
        }
        isolation.check("subscribe(onDisposed:)")
        disposedHandler?()
    }
}
