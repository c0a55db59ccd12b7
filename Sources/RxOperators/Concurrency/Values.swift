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
    /// Cancelling the task that iterates ends the iteration (`nil`) and disposes the
    /// subscription; so does dropping the stream and its iterator without cancelling, and the
    /// elements still queued are released with it.
    public var values: AsyncThrowingStream<Element, any Error> {
        let iteration = ValuesIteration(subscribingTo: asObservable())
        return AsyncThrowingStream { try await iteration.next() }
    }
}

extension InfallibleType where Element: Sendable {
    /// The sequence's elements as an asynchronous sequence, for `for await`: as the observable's
    /// `values` (subscribed at once, an unbounded queue releasing each element as it is handed
    /// out, cancellation and dropping dispose the subscription), but ending only with
    /// completion. An error that slips into an infallible sequence (a throwing closure of an
    /// operator) ends the iteration and goes to `Hooks.defaultErrorHandler`, as its `subscribe`
    /// does.
    public var values: AsyncStream<Element> {
        let iteration = ValuesIteration(subscribingTo: asObservable())
        return AsyncStream {
            do {
                return try await iteration.next()
            } catch {
                Hooks.defaultErrorHandler([], error)
                return nil
            }
        }
    }
}

/// What the stream returned by `values` keeps: the stream's closure is its only owner, so when
/// the stream and its iterator are gone, `deinit` disposes the subscription.
private final class ValuesIteration<Element>: Sendable {
    private let buffer: ValuesBuffer<Element>

    init(subscribingTo source: Observable<Element>) {
        buffer = ValuesBuffer()
        buffer.subscription.setDisposable(source.subscribe(buffer))
    }

    deinit {
        buffer.cancel()
    }

    /// The next element, `nil` at completion or once the awaiting task is cancelled; throws the
    /// sequence's error.
    func next() async throws -> Element? {
        // An element already queued is handed out without suspending the task: no continuation
        // and no cancellation handler per element while the source is ahead of the loop.
        if !Task.isCancelled, let ready = buffer.takeQueued() {
            return ready.value
        }
        let element = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { buffer.await($0) }
        } onCancel: {
            buffer.cancel()
        }
        return element.map(\.value)
    }
}

/// The observer of the subscription behind `values`: queues what arrives until it is awaited,
/// and hands it to the task awaiting it.
// @unchecked Sendable: every stored variable is read and written under `lock`; `subscription`
// is thread-safe itself. Elements, `Sendable` by the public API's constraint, cross to the
// awaiting task boxed, as a channel hands them over.
private final class ValuesBuffer<Element>: ObserverType, @unchecked Sendable {
    typealias Waiter = CheckedContinuation<UncheckedSendable<Element>?, any Error>

    private enum Ending {
        case completed
        case failed(any Error)
        /// Cancelled or dropped: nothing more is handed out.
        case cancelled
    }

    /// What an awaiting task gets.
    private enum Answer {
        case element(Element)
        case end(Ending)
        case none
    }

    private let lock = RxLock()
    private var queue = RingQueue<Element>()
    private var ending: Ending?
    private var waiter: Waiter?
    let subscription = SingleAssignmentDisposable()

    /// Hands the next element (or the end) to `waiter`, now if there is one, else when it arrives.
    func await(_ waiter: Waiter) {
        let answer = lock.withLock { () -> Answer in
            if case .cancelled = ending { return .end(.cancelled) }
            if !queue.isEmpty { return .element(queue.removeFirst()) }
            if let ending { return .end(ending) }
            if self.waiter != nil {
                rxFatalError(
                    "values: two tasks awaited the next element of the same stream at once; iterate it from one task")
            }
            self.waiter = waiter
            return .none
        }
        switch answer {
        case .element(let element): waiter.resume(returning: UncheckedSendable(element))
        case .end(.failed(let error)): waiter.resume(throwing: error)
        case .end: waiter.resume(returning: nil)
        case .none: break
        }
    }

    /// The oldest queued element, if any, unless the iteration was cancelled.
    func takeQueued() -> UncheckedSendable<Element>? {
        lock.withLock { () -> UncheckedSendable<Element>? in
            if case .cancelled = ending { return nil }
            if queue.isEmpty { return nil }
            return UncheckedSendable(queue.removeFirst())
        }
    }

    /// Ends the iteration: disposes the subscription, ends an awaiting `next()` with `nil`, and
    /// releases the queued elements, all after the lock is given back.
    func cancel() {
        let (released, waiting) = lock.withLock { () -> (RingQueue<Element>?, Waiter?) in
            if case .cancelled = ending { return (nil, nil) }
            ending = .cancelled
            let released = queue
            queue = RingQueue(minimumCapacity: 1)
            defer { waiter = nil }
            return (released, waiter)
        }
        subscription.dispose()
        waiting?.resume(returning: nil)
        _ = released
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element): onNext(element)
        case .error(let error): end(.failed(error))
        case .completed: end(.completed)
        }
    }

    func onNext(_ element: Element) {
        let waiting = lock.withLock { () -> Waiter? in
            if ending != nil { return nil }
            if let waiting = waiter {
                waiter = nil
                return waiting
            }
            queue.append(element)
            return nil
        }
        waiting?.resume(returning: UncheckedSendable(element))
    }

    func onCompleted() {
        end(.completed)
    }

    func onError(_ error: any Error) {
        end(.failed(error))
    }

    private func end(_ how: Ending) {
        let waiting = lock.withLock { () -> Waiter? in
            if ending != nil { return nil }
            ending = how
            defer { waiter = nil }
            return waiter
        }
        switch how {
        case .failed(let error): waiting?.resume(throwing: error)
        default: waiting?.resume(returning: nil)
        }
    }
}
