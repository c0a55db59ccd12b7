import RxCore
import RxDisposables

/// The observer behind the traits' `subscribe` with closures (`onSuccess`, `onFailure` or
/// `onError`, `onCompleted`): it calls the closures for the first event only, checked against
/// the isolation they were written in, then disposes `disposable`, which calls `onDisposed`.
///
/// One object per subscription, with the closures stored as they are: no wrapper closure for
/// the isolation check and no trait event built between the sequence and the closures.
@usableFromInline
final class TraitSubscriptionObserver<Element>: ObserverType {
    /// The trait whose grammar and closure names the observer follows.
    @usableFromInline
    enum Kind {
        /// A completion without an element is the failure `RxError.noElements`.
        case single
        /// A completion without an element calls `onCompleted`.
        case maybe
        /// No element; the completion calls `onCompleted`.
        case completable
    }

    private let gate = TerminalGate()
    private let kind: Kind
    private let successHandler: ((Element) -> Void)?
    private let failureHandler: ((any Swift.Error) -> Void)?
    private let completedHandler: (() -> Void)?
    // What calls `onDisposed`, once; none without it. A class, not an existential, so that an
    // absent one costs nothing to store and release.
    private let disposable: AnonymousDisposable?
    private let isolation: HandlerIsolation
    // Empty unless `Hooks.recordCallStackOnError` was on when the subscription was made.
    private let callStack: [String]

    @usableFromInline
    init(
        _ kind: Kind, onSuccess: ((Element) -> Void)?, onFailure: ((any Swift.Error) -> Void)?,
        onCompleted: (() -> Void)?, disposable: AnonymousDisposable?, isolation: HandlerIsolation,
        callStack: [String]
    ) {
        self.kind = kind
        self.callStack = callStack
        successHandler = onSuccess
        failureHandler = onFailure
        completedHandler = onCompleted
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

    /// After a success, the completion that follows it, ignored. Before one: `onCompleted`
    /// for a `Maybe` or a `Completable`; for a `Single` (possible only through `retry(when:)`
    /// whose trigger completes), the failure `RxError.noElements`.
    @usableFromInline
    func onCompleted() {
        // The gate first: the completion after every success must not build the error.
        guard gate.admitsTerminalEvent() else { return }
        if case .single = kind {
            fail(RxError.noElements)
            return
        }
        if let completedHandler {
            isolation.check("subscribe(onCompleted:)")
            completedHandler()
        }
        disposable?.dispose()
    }

    private func fail(_ error: any Swift.Error) {
        if let failureHandler {
            if case .single = kind {
                isolation.check("subscribe(onFailure:)")
            } else {
                isolation.check("subscribe(onError:)")
            }
            failureHandler(error)
        } else {
            Hooks.defaultErrorHandler(callStack, error)
        }
        disposable?.dispose()
    }
}

extension PrimitiveSequence {
    /// What every `subscribe` form of the three traits does: subscribes one observer of `kind`
    /// that calls the closures for the first event, then `onDisposed`.
    ///
    /// `onDisposed` gets a disposable of its own, which calls it once and then lets go of it. The
    /// returned disposable holds that one, never the observer, whose closures go with the
    /// subscription once the sequence has ended.
    @inlinable
    func subscribe(
        _ kind: TraitSubscriptionObserver<Element>.Kind, onSuccess: ((Element) -> Void)?,
        onFailure: ((any Swift.Error) -> Void)?, onCompleted: (() -> Void)?, onDisposed: (() -> Void)?,
        isolation: HandlerIsolation
    ) -> any Disposable {
        let disposable = onDisposed.map {
            AnonymousDisposable(isolation.isNonisolated ? $0 : isolation.guarding($0, "subscribe(onDisposed:)"))
        }
        let observer = TraitSubscriptionObserver(
            kind, onSuccess: onSuccess, onFailure: onFailure, onCompleted: onCompleted, disposable: disposable,
            isolation: isolation, callStack: Hooks.subscriptionCallStack())
        let subscription = source.subscribe(observer)
        // Every sequence underneath a trait is made by this library and disposes its
        // subscription once, so with no `onDisposed` the pair would add nothing.
        guard let disposable else {
            return subscription
        }
        return Disposables.create(subscription, disposable)
    }
}
