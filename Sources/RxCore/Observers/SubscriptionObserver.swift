import RxDisposables
import Synchronization

/// The observer behind `subscribe(onNext:onError:onCompleted:onDisposed:)`.
///
/// It keeps the four closures itself instead of one event handler, so that an event reaches its
/// closure without an ``Event`` being built and inspected (see ``ObserverType/onNext(_:)``). Terminal
/// events run the matching closure, then dispose `disposable` (which calls `onDisposed`).
///
/// It is not an ``ObserverBase``: its `onNext(_:)` checks the stop flag and calls `onNext`
/// itself, one call fewer per element than going through `onNextCore(_:)`.
///
/// It is made for one subscription, and a subject keeps it as its own entry
/// (``ElementSubjectEntry``) instead of making one around it.
@usableFromInline
final class SubscriptionObserver<Element>: ElementSubjectEntry<Element>, ObserverType {
    private let gate = TerminalGate()
    private let nextHandler: ((Element) -> Void)?
    private let errorHandler: ((any Swift.Error) -> Void)?
    private let completedHandler: (() -> Void)?
    private let disposable: any Disposable
    // Where the closures were written; checked before each call.
    private let isolation: HandlerIsolation
    // Empty unless `Hooks.recordCallStackOnError` was on when the subscription was made.
    private let callStack: [String]

    @usableFromInline
    init(
        onNext: ((Element) -> Void)?, onError: ((any Swift.Error) -> Void)?, onCompleted: (() -> Void)?,
        disposable: any Disposable, isolation: HandlerIsolation, callStack: [String]
    ) {
        self.callStack = callStack
        self.isolation = isolation
        self.nextHandler = onNext
        self.errorHandler = onError
        self.completedHandler = onCompleted
        self.disposable = disposable
        super.init()
        Resources.trackAllocation(self)
    }

    // As a subject's entry (``Observable/subscribe(subscriptionObserver:)``), the observer is
    // its own: what the entry sends goes to its own methods.
    override func send(_ element: Element) {
        onNext(element)
    }

    override func send(_ event: Event<Element>) {
        on(event)
    }

    override func refuse(with event: Event<Element>) {
        on(event)
    }

    deinit {
        Resources.trackDeallocation(self)
    }

    @usableFromInline
    @inline(__always)
    func onNext(_ element: Element) {
        // Tested for `nil` rather than bound: binding would copy the closure, a retain and a
        // release per element.
        if gate.admitsElements, nextHandler != nil {
            isolation.check("subscribe(onNext:)")
            nextHandler?(element)
        }
    }

    @usableFromInline
    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let error):
            onError(error)
        case .completed:
            onCompleted()
        }
    }

    @usableFromInline
    func onError(_ error: any Swift.Error) {
        guard gate.admitsTerminalEvent() else { return }
        if let errorHandler {
            isolation.check("subscribe(onError:)")
            errorHandler(error)
        } else {
            Hooks.defaultErrorHandler(callStack, error)
        }
        disposable.dispose()
    }

    @usableFromInline
    func onCompleted() {
        guard gate.admitsTerminalEvent() else { return }
        if let completedHandler {
            isolation.check("subscribe(onCompleted:)")
            completedHandler()
        }
        disposable.dispose()
    }
}
