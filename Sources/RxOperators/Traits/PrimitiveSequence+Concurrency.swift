import RxCore
import RxDisposables

extension PrimitiveSequenceType where Trait == SingleTrait, Element: Sendable {
    /// The `Single`'s element, awaited: subscribes, and returns the element or throws the error.
    /// The element must be `Sendable`, since it crosses from the thread that sends it to the
    /// awaiting task.
    ///
    /// The first of the outcome and the awaiting task's cancellation decides: an outcome that
    /// has arrived is returned even if the task is cancelled after, and one sent at subscription
    /// is returned even in a task cancelled before it awaited; a cancellation with no outcome
    /// yet disposes the subscription and throws `CancellationError`.
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
    /// The first of the outcome and the awaiting task's cancellation decides: an outcome that
    /// has arrived is returned even if the task is cancelled after, and one sent at subscription
    /// is returned even in a task cancelled before it awaited; a cancellation with no outcome
    /// yet disposes the subscription and throws `CancellationError`.
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
    /// The first of the outcome and the awaiting task's cancellation decides: an outcome that
    /// has arrived is returned even if the task is cancelled after, and one sent at subscription
    /// is returned even in a task cancelled before it awaited; a cancellation with no outcome
    /// yet disposes the subscription and throws `CancellationError`.
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
                // In flight until the task ends: leak checks wait for it to let go of the observer.
                PendingWork.begin()
                let operation: @Sendable () async -> Void = {
                    defer { PendingWork.end() }
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
    /// `value` await.
    ///
    /// The rule, the same in every interleaving: the awaiting task subscribes, cancelled or not
    /// (as RxSwift does), and the first of the outcome and the cancellation to arrive decides,
    /// except that an outcome sent while the subscription is being made comes first whenever the
    /// cancellation came. So a result that has arrived wins over a later cancellation; a
    /// cancellation with no result yet disposes the subscription and throws `CancellationError`;
    /// and the continuation is resumed exactly once, by whichever decided.
    func firstOutcome() async throws -> Element? {
        let outcome = TraitOutcome<Element>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                outcome.await(continuation, subscribingTo: self)
            }
        } onCancel: {
            outcome.cancel()
        }
    }
}

/// The observer behind the traits' `value`: decides, once, between the sequence's first event
/// and the awaiting task's cancellation, and resumes the continuation with it.
///
/// The decision is taken under `lock`, and the continuation is taken out under it by the side
/// that decides, so that nothing else can resume it. A cancellation that arrives before or while
/// the subscription is being made (before `await` has returned from `subscribe`) waits for it:
/// an outcome the source sends at subscription (`Completable.empty()`, `Single.just`) wins.
// @unchecked Sendable: the mutable state is touched only under `lock`; `subscription` is
// thread-safe itself; elements are `Sendable`.
final class TraitOutcome<Element: Sendable>: ObserverType, @unchecked Sendable {
    typealias Continuation = CheckedContinuation<Element?, any Error>

    private let lock = RxLock()
    // The awaiting continuation, until the outcome is decided and it is taken out to resume.
    private var continuation: Continuation?
    private var decided = false
    private var subscribing = false
    private var cancelled = false
    private let subscription = SingleAssignmentDisposable()

    /// Subscribes to `source` for `continuation`, then, when the task was cancelled meanwhile and
    /// nothing was sent, ends with `CancellationError`.
    func `await`(_ continuation: Continuation, subscribingTo source: Observable<Element>) {
        lock.withLock {
            self.continuation = continuation
            subscribing = true
        }
        subscription.setDisposable(source.subscribe(self))
        let cancelledWithoutOutcome = lock.withLock { () -> Continuation? in
            subscribing = false
            return cancelled ? decide() : nil
        }
        if let cancelledWithoutOutcome {
            subscription.dispose()
            cancelledWithoutOutcome.resume(throwing: CancellationError())
        }
    }

    /// The awaiting task was cancelled: ends with `CancellationError` unless the outcome is
    /// already decided, or the subscription is still being made (then `await` ends it after).
    func cancel() {
        let undecided = lock.withLock { () -> Continuation? in
            cancelled = true
            return subscribing ? nil : decide()
        }
        if let undecided {
            subscription.dispose()
            undecided.resume(throwing: CancellationError())
        }
    }

    func on(_ event: Event<Element>) {
        let result: Result<Element?, any Error>
        switch event {
        case .next(let element): result = .success(element)
        case .completed: result = .success(nil)
        case .error(let error): result = .failure(error)
        }
        guard let continuation = lock.withLock({ decide() }) else { return }
        subscription.dispose()
        continuation.resume(with: result)
    }

    /// Under `lock`: the continuation, taken out, when the outcome was not decided yet and the
    /// continuation is there to resume; `nil` otherwise (decided, or cancelled before `await`
    /// stored it, which `await` then resolves).
    private func decide() -> Continuation? {
        guard !decided, let continuation else { return nil }
        decided = true
        self.continuation = nil
        return continuation
    }
}
