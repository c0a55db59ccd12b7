import RxCore
import RxDisposables

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
    /// `value` await, read through `values`. The subscription is disposed once the outcome is
    /// known (the stream is let go when this returns), or when the awaiting task is cancelled,
    /// which throws `CancellationError`; a task cancelled before it awaits does not subscribe.
    func firstOutcome() async throws -> Element? {
        try Task.checkCancellation()
        var iterator = values.makeAsyncIterator()
        guard let element = try await iterator.next() else {
            // `values` ends with `nil` when the task is cancelled, as well as at completion.
            try Task.checkCancellation()
            return nil
        }
        return element
    }
}
