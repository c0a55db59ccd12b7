import RxDisposables
import Synchronization

/// The observer behind `subscribe(onNext:onError:onCompleted:onDisposed:)`.
///
/// It keeps the four closures itself instead of one event handler, so that an element reaches
/// `onNext` without an ``Event`` being built and inspected (see ``ObserverType/onNext(_:)``). Terminal
/// events run the matching closure, then dispose `disposable` (which calls `onDisposed`).
///
/// It is not an ``ObserverBase``: its `onNext(_:)` checks the stop flag and calls `onNext`
/// itself, one call fewer per element than going through `onNextCore(_:)`.
final class SubscriptionObserver<Element>: ObserverType {
    private let stopped = Atomic<Bool>(false)
    private let nextHandler: ((Element) -> Void)?
    private let onError: ((any Swift.Error) -> Void)?
    private let onCompleted: (() -> Void)?
    private let disposable: any Disposable

    init(
        onNext: ((Element) -> Void)?, onError: ((any Swift.Error) -> Void)?, onCompleted: (() -> Void)?,
        disposable: any Disposable
    ) {
        self.nextHandler = onNext
        self.onError = onError
        self.onCompleted = onCompleted
        self.disposable = disposable
        Resources.trackAllocation()
    }

    deinit {
        Resources.trackDeallocation()
    }

    @inline(__always)
    func onNext(_ element: Element) {
        if !stopped.load(ordering: .relaxed) {
            nextHandler?(element)
        }
    }

    func on(_ event: Event<Element>) {
        guard stopped.admits(event) else { return }
        switch event {
        case .next(let element):
            nextHandler?(element)
        case .error(let error):
            if let onError {
                onError(error)
            } else {
                Hooks.defaultErrorHandler([], error)
            }
            disposable.dispose()
        case .completed:
            onCompleted?()
            disposable.dispose()
        }
    }
}
