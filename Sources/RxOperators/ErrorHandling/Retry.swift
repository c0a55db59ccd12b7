import RxCore
import RxDisposables

extension ObservableType {
    /// Subscribes to the source again each time it fails, from scratch, for as long as it
    /// fails: the result ends only when the source completes or the subscriber disposes.
    ///
    /// A source that fails at once is resubscribed in a loop, not recursively: the stack does
    /// not grow, and disposing from another thread stops the loop.
    @inlinable
    public func retry() -> Observable<Element> {
        Retry(source: asObservable(), maxAttemptCount: nil)
    }

    /// Subscribes to the source at most `maxAttemptCount` times, again each time it fails: the
    /// count is of subscriptions, so `retry(3)` tries three times and then sends the third
    /// error.
    ///
    /// `retry(0)` completes at once without subscribing, as in RxSwift.
    ///
    /// - Precondition: `maxAttemptCount` is not negative.
    @inlinable
    public func retry(_ maxAttemptCount: Int) -> Observable<Element> {
        if maxAttemptCount < 0 {
            retryCountIsNegative(maxAttemptCount)
        }
        // Inlinable, so that `Retry<Element>` is made where its type is known: its metadata then
        // comes from a cache in the caller instead of a runtime lookup at every call.
        return Retry(source: asObservable(), maxAttemptCount: maxAttemptCount)
    }
}

/// Stops the program for `retry(_:)`'s negative count, out of line so that the inlined operator
/// stays small.
@usableFromInline
func retryCountIsNegative(_ maxAttemptCount: Int) -> Never {
    rxFatalError("retry(_:): maxAttemptCount must not be negative, but it is \(maxAttemptCount)")
}

/// The producer behind `retry()` (no limit) and `retry(_:)`.
@usableFromInline
final class Retry<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let maxAttemptCount: Int?

    @usableFromInline
    init(source: Observable<Element>, maxAttemptCount: Int?) {
        self.source = source
        self.maxAttemptCount = maxAttemptCount
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Element {
        let sink = RetrySink(source: source, attemptsLeft: maxAttemptCount, observer: observer, cancel: cancel)
        let running = sink.holding(sink.attempt)
        sink.requestNextAttempt()
        return running
    }
}

/// Subscribes to the same source after each failure, while attempts are left; sends the last
/// attempt's error when none is.
///
/// A counter rather than `catch(sequence:)` over a repeated collection: no iterator to step.
final class RetrySink<Observer: ObserverType>: ResubscribingSink<Observer> {
    private let source: Observable<Observer.Element>
    // Touched only by the attempts, which run one at a time; `nil` when there is no limit.
    private var attemptsLeft: Int?
    // Set by a failing attempt, possibly on another thread, before it asks for the next one, and
    // read by that one: `requestNextAttempt()`'s atomic count orders the two, as it orders the
    // attempts themselves.
    private var lastError: (any Swift.Error)?

    init(source: Observable<Observer.Element>, attemptsLeft: Int?, observer: Observer, cancel: any Cancelable) {
        self.source = source
        self.attemptsLeft = attemptsLeft
        super.init(observer: observer, cancel: cancel)
    }

    override func startNextAttempt() {
        if let left = attemptsLeft {
            if left == 0 {
                // Out of attempts: the last error, from the loop as RxSwift's `retry` sends it, so
                // that a last attempt that failed inside its own `subscribe` has been disposed
                // first; `retry(0)`, which subscribes to nothing, completes.
                if let error = lastError.take() {
                    forwardErrorAndDispose(error)
                } else {
                    forwardCompletedAndDispose()
                }
                return
            }
            attemptsLeft = left - 1
        }
        subscribeAttempt(to: source)
    }

    override func attemptFailed(_ error: any Swift.Error) {
        // Only the last attempt's error is ever sent, so only that one is kept. `attemptsLeft`
        // is read before asking for the next attempt, which may start on another thread.
        if attemptsLeft == 0 {
            lastError = error
        }
        requestNextAttempt()
    }
}
