import RxDisposables
import Synchronization

/// The observer behind `subscribe(onNext:onError:onCompleted:onDisposed:)`.
///
/// It keeps the four closures itself instead of one event handler, so that an element reaches
/// `onNext` without an ``Event`` being built and inspected (see ``ElementObserver``). Terminal
/// events run the matching closure, then dispose `disposable` (which calls `onDisposed`).
final class SubscriptionObserver<Element>: ObserverBase<Element>, ElementObserver {
    private let onNext: ((Element) -> Void)?
    private let onError: ((any Swift.Error) -> Void)?
    private let onCompleted: (() -> Void)?
    private let disposable: any Disposable

    init(
        onNext: ((Element) -> Void)?, onError: ((any Swift.Error) -> Void)?, onCompleted: (() -> Void)?,
        disposable: any Disposable
    ) {
        self.onNext = onNext
        self.onError = onError
        self.onCompleted = onCompleted
        self.disposable = disposable
        super.init()
    }

    func onNextElement(_ element: Element) {
        if !stopped.load(ordering: .relaxed) {
            onNext?(element)
        }
    }

    override func onCore(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            onNext?(element)
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
