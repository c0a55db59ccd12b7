import RxCore
import RxDisposables

extension ObservableConvertibleType where Element: Sendable {
    /// The sequence's elements as an asynchronous sequence, for `for try await`.
    ///
    /// The elements must be `Sendable`: each crosses from the thread that sends it to the task
    /// that iterates, which RxSwift does not require.
    ///
    /// Reading `values` subscribes to the sequence at once, as RxSwift does, and each read is a
    /// subscription of its own. Elements that arrive while no one awaits the next one wait in an
    /// unbounded queue, each released as it is handed out; a stream that should not fall behind
    /// a fast source needs a lossy operator first (`throttle`, `sample`, `debounce`). Iteration
    /// ends (`nil`) when the sequence completes and throws its error when it fails.
    ///
    /// Cancelling the task that iterates (before or during the iteration) disposes the
    /// subscription at once, so nothing more arrives; what had arrived is still handed out, in
    /// order, then the iteration ends as the sequence did when its end had arrived, and throws
    /// `CancellationError` when it had not (as RxSwift's `values` and Swift's own streams do).
    /// Dropping the stream and its iterator without cancelling disposes the subscription too, and
    /// releases the elements still queued.
    public var values: AsyncThrowingStream<Element, any Error> {
        let (stream, continuation) = AsyncThrowingStream<Element, any Error>.makeStream()
        let subscription = SingleAssignmentDisposable()
        // Set before subscribing, so that it also runs when the sequence ends while being
        // subscribed to. The stream calls it once, at its termination, and lets go of it: at the
        // sequence's end; or, with `.cancelled`, when the iterating task is cancelled or the
        // stream and its iterator are dropped, and then before the stream ends itself, so that
        // the iteration ends with `CancellationError` unless the sequence had ended first.
        continuation.onTermination = { termination in
            if case .cancelled = termination {
                continuation.finish(throwing: CancellationError())
            }
            subscription.dispose()
        }
        subscription.setDisposable(asObservable().subscribe(ValuesObserver(continuation)))
        return stream
    }
}

extension InfallibleType where Element: Sendable {
    /// The sequence's elements as an asynchronous sequence, for `for await`: as the observable's
    /// `values` (subscribed at once, an unbounded queue releasing each element as it is handed
    /// out, cancellation and dropping dispose the subscription, what arrived before a
    /// cancellation is still handed out), but ending only with `nil`: at completion, and after a
    /// cancellation. An error that slips into an infallible sequence (a throwing closure of an
    /// operator) ends the iteration and goes to `Hooks.defaultErrorHandler`, as its `subscribe`
    /// does.
    public var values: AsyncStream<Element> {
        let (stream, continuation) = AsyncStream<Element>.makeStream()
        let subscription = SingleAssignmentDisposable()
        continuation.onTermination = { _ in subscription.dispose() }
        subscription.setDisposable(asObservable().subscribe(InfallibleValuesObserver(continuation)))
        return stream
    }
}

/// The observer of the subscription behind `values`: hands each event to the stream, whose
/// unbounded buffer keeps the elements the iterating task has not reached yet, in order, and
/// gives up each as it hands it out.
final class ValuesObserver<Element: Sendable>: ObserverType {
    let continuation: AsyncThrowingStream<Element, any Error>.Continuation

    init(_ continuation: AsyncThrowingStream<Element, any Error>.Continuation) {
        self.continuation = continuation
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element): continuation.yield(element)
        case .error(let error): continuation.finish(throwing: error)
        case .completed: continuation.finish()
        }
    }

    func onNext(_ element: Element) {
        continuation.yield(element)
    }
}

/// The observer behind an `Infallible`'s `values`: as ``ValuesObserver``, with an error that
/// slipped in reported to `Hooks.defaultErrorHandler` and ending the stream.
final class InfallibleValuesObserver<Element: Sendable>: ObserverType {
    let continuation: AsyncStream<Element>.Continuation

    init(_ continuation: AsyncStream<Element>.Continuation) {
        self.continuation = continuation
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            continuation.yield(element)
        case .error(let error):
            Hooks.defaultErrorHandler([], error)
            continuation.finish()
        case .completed:
            continuation.finish()
        }
    }

    func onNext(_ element: Element) {
        continuation.yield(element)
    }
}
