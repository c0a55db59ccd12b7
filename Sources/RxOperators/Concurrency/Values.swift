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
    @inlinable
    public var values: AsyncThrowingStream<Element, any Error> {
        // Inlinable, so that the iteration is specialised where `Element` is known: in code not
        // specialised for it, each element would cost runtime metadata lookups.
        let iteration = ValuesIteration(subscribingTo: asObservable())
        return AsyncThrowingStream { try await iteration.buffer.next() }
    }
}

extension InfallibleType where Element: Sendable {
    /// The sequence's elements as an asynchronous sequence, for `for await`: as the observable's
    /// `values` (subscribed at once, an unbounded queue releasing each element as it is handed
    /// out, cancellation and dropping dispose the subscription), but ending only with
    /// completion. An error that slips into an infallible sequence (a throwing closure of an
    /// operator) ends the iteration and goes to `Hooks.defaultErrorHandler`, as its `subscribe`
    /// does.
    @inlinable
    public var values: AsyncStream<Element> {
        let iteration = ValuesIteration(subscribingTo: asObservable())
        return AsyncStream {
            do {
                return try await iteration.buffer.next()
            } catch {
                ValuesBuffer<Element>.reportInfallibleError(error)
                return nil
            }
        }
    }
}

/// What the stream returned by `values` keeps: the stream's closure is its only owner, so when
/// the stream and its iterator are gone, `deinit` disposes the subscription.
@usableFromInline
final class ValuesIteration<Element: Sendable>: Sendable {
    @usableFromInline
    let buffer: ValuesBuffer<Element>

    @usableFromInline
    init(subscribingTo source: Observable<Element>) {
        buffer = ValuesBuffer()
        buffer.subscription.setDisposable(source.subscribe(buffer))
    }

    deinit {
        buffer.cancel()
    }
}

/// The observer of the subscription behind `values`: queues what arrives, and wakes the task
/// awaiting the next element.
///
/// The task takes elements from the queue itself, in `next()`, which is specialised in the
/// caller; the thread that sends only queues and wakes. What crosses between them is the
/// element in the queue under the lock and a wake-up without a value, so neither side builds
/// a type out of `Element` at run time.
// @unchecked Sendable: every stored variable is read and written under `lock`; `subscription`
// is thread-safe itself. Elements are `Sendable`.
@usableFromInline
final class ValuesBuffer<Element: Sendable>: ObserverType, @unchecked Sendable {
    @usableFromInline
    typealias Waiter = CheckedContinuation<Void, Never>

    @usableFromInline
    enum Ending {
        case completed
        case failed(any Error)
        /// Cancelled or dropped: nothing more is handed out.
        case cancelled
    }

    /// What `next()` finds under the lock.
    @usableFromInline
    enum Poll {
        case element(Element)
        case end(Ending)
        /// Nothing yet.
        case empty
    }

    @usableFromInline
    let lock = RxLock()
    // Read and written only under `lock`, so no two accesses can overlap: the runtime's
    // exclusivity check, which the compiler cannot drop for properties used in inlinable code,
    // would only cost each element several calls.
    @usableFromInline @exclusivity(unchecked)
    var queue = RingQueue<Element>()
    @usableFromInline @exclusivity(unchecked)
    var ending: Ending?
    @usableFromInline @exclusivity(unchecked)
    var waiter: Waiter?
    @usableFromInline
    let subscription = SingleAssignmentDisposable()

    @usableFromInline
    init() {}

    /// The next element, `nil` at completion or once the awaiting task is cancelled; throws the
    /// sequence's error.
    @inlinable
    func next() async throws -> Element? {
        while true {
            if Task.isCancelled {
                cancel()
                return nil
            }
            // An element already queued is handed out without suspending the task: no
            // continuation and no cancellation handler per element while the source is ahead.
            switch poll() {
            case .element(let element):
                return element
            case .end(.failed(let error)):
                throw error
            case .end:
                return nil
            case .empty:
                await withTaskCancellationHandler {
                    await withCheckedContinuation { wake(whenReady: $0) }
                } onCancel: {
                    cancel()
                }
            }
        }
    }

    /// The oldest queued element, else the end, else `.empty`.
    @inlinable
    func poll() -> Poll {
        lock.withLock { () -> Poll in
            if case .cancelled = ending { return .end(.cancelled) }
            if !queue.isEmpty { return .element(queue.removeFirst()) }
            if let ending { return .end(ending) }
            return .empty
        }
    }

    /// Resumes `waiter` once an element or the end is there: at once if it already is, else
    /// when it arrives. `next()` then polls again.
    @usableFromInline
    func wake(whenReady waiter: Waiter) {
        let ready = lock.withLock { () -> Bool in
            if ending != nil || !queue.isEmpty { return true }
            if self.waiter != nil {
                rxFatalError(
                    "values: two tasks awaited the next element of the same stream at once; iterate it from one task")
            }
            self.waiter = waiter
            return false
        }
        if ready {
            waiter.resume()
        }
    }

    /// Ends the iteration: disposes the subscription, wakes an awaiting `next()`, and releases
    /// the queued elements and an error not yet handed out, all after the lock is given back.
    @usableFromInline
    func cancel() {
        let (released, waiting, previousEnding) = lock.withLock {
            () -> (RingQueue<Element>?, Waiter?, Ending?) in
            if case .cancelled = ending { return (nil, nil, nil) }
            let previousEnding = ending
            ending = .cancelled
            let released = queue
            queue = RingQueue(minimumCapacity: 1)
            defer { waiter = nil }
            return (released, waiter, previousEnding)
        }
        subscription.dispose()
        waiting?.resume()
        _ = (released, previousEnding)
    }

    @usableFromInline
    static func reportInfallibleError(_ error: any Error) {
        Hooks.defaultErrorHandler([], error)
    }

    @usableFromInline
    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element): onNext(element)
        case .error(let error): end(.failed(error))
        case .completed: end(.completed)
        }
    }

    @usableFromInline
    func onNext(_ element: Element) {
        let waiting = lock.withLock { () -> Waiter? in
            if ending != nil { return nil }
            queue.append(element)
            defer { waiter = nil }
            return waiter
        }
        waiting?.resume()
    }

    @usableFromInline
    func onCompleted() {
        end(.completed)
    }

    @usableFromInline
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
        waiting?.resume()
    }
}
