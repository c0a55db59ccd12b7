import RxCore
import RxDisposables
import Synchronization

extension PrimitiveSequenceType where Trait == SingleTrait, Element: Sendable {
    /// The `Single`'s element, awaited: subscribes, and returns the element or throws the error.
    /// The element must be `Sendable`, since it crosses from the thread that sends it to the
    /// awaiting task.
    ///
    /// Cancelling the awaiting task disposes the subscription and throws `CancellationError`.
    public var value: Element {
        get async throws {
            guard let element = try await primitiveSequence.asObservable().firstOutcome() else {
                // Only a `Single` made by `retry(when:)` whose trigger completes ends this way.
                throw RxError.noElements
            }
            return element
        }
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait, Element: Sendable {
    /// The `Maybe`'s element, awaited: subscribes, and returns the element, `nil` when the
    /// `Maybe` completes empty, or throws the error. The element must be `Sendable`, since it
    /// crosses from the thread that sends it to the awaiting task.
    ///
    /// Cancelling the awaiting task disposes the subscription and throws `CancellationError`.
    public var value: Element? {
        get async throws {
            try await primitiveSequence.asObservable().firstOutcome()
        }
    }
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Never {
    /// The `Completable`'s completion, awaited: subscribes, and returns when it completes or
    /// throws its error.
    ///
    /// Cancelling the awaiting task disposes the subscription and throws `CancellationError`.
    public var value: Void {
        get async throws {
            _ = try await primitiveSequence.asObservable().firstOutcome()
        }
    }
}

extension PrimitiveSequenceType {
    /// A trait whose event is the result of `work`, run in a task started for each subscriber:
    /// a `Single` succeeds with what `work` returns (a `Maybe` too, a `Completable` completes)
    /// and fails with what it throws. Disposing the subscription cancels the task.
    ///
    /// `detached` runs `work` in a detached task, with none of the subscriber's task-local
    /// values; `priority` is the task's priority.
    public static func create(
        detached: Bool = false, priority: TaskPriority? = nil, work: @escaping @Sendable () async throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        let source = Observable<Element>.create(
            { observer in
                let observer = observer.sendable
                let operation: @Sendable () async -> Void = {
                    do {
                        let element = try await work()
                        observer.onNext(element)
                        observer.on(.completed)
                    } catch {
                        observer.on(.error(error))
                    }
                }
                let task =
                    detached
                    ? Task.detached(priority: priority, operation: operation)
                    : Task(priority: priority, operation: operation)
                return Disposables.create { task.cancel() }
            }, isolation: nil)
        return PrimitiveSequence(raw: source)
    }
}

extension Observable where Element: Sendable {
    /// The first element, or `nil` at completion without one, or the error: what the traits'
    /// `value` await. The subscription is disposed once the outcome is known, or when the
    /// awaiting task is cancelled, which throws `CancellationError`.
    func firstOutcome() async throws -> Element? {
        let waiter = OutcomeWaiter<Element>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                waiter.start(continuation, subscribing: self)
            }
        } onCancel: {
            waiter.finish(.failure(CancellationError()))
        }
    }
}

/// The continuation a `value` waits on, and the subscription that resumes it: whichever of the
/// first event and the task's cancellation comes first resumes it, once, and disposes the
/// subscription.
final class OutcomeWaiter<Element: Sendable>: Sendable {
    private enum State {
        case waiting
        case started(CheckedContinuation<Element?, any Error>, SingleAssignmentDisposable)
        case finished
    }

    private let state = Mutex(State.waiting)

    func start(_ continuation: CheckedContinuation<Element?, any Error>, subscribing source: Observable<Element>) {
        let subscription = SingleAssignmentDisposable()
        let alreadyCancelled: Bool = state.withLock { state in
            guard case .waiting = state else { return true }
            state = .started(continuation, subscription)
            return false
        }
        if alreadyCancelled {
            continuation.resume(throwing: CancellationError())
            return
        }
        subscription.setDisposable(
            source.subscribe(
                { event in
                    switch event {
                    case .next(let element): self.finish(.success(element))
                    case .error(let error): self.finish(.failure(error))
                    case .completed: self.finish(.success(nil))
                    }
                }, isolation: nil))
    }

    /// Resumes the continuation with `outcome` and disposes the subscription, the first time
    /// only; before ``start(_:subscribing:)``, makes it resume with cancellation at once.
    func finish(_ outcome: Result<Element?, any Error>) {
        let taken: (CheckedContinuation<Element?, any Error>, SingleAssignmentDisposable)? = state.withLock { state in
            switch state {
            case .waiting:
                state = .finished
                return nil
            case .started(let continuation, let subscription):
                state = .finished
                return (continuation, subscription)
            case .finished:
                return nil
            }
        }
        guard let (continuation, subscription) = taken else { return }
        subscription.dispose()
        continuation.resume(with: outcome)
    }
}
