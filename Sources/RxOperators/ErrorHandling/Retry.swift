import RxCore
import RxDisposables

extension ObservableType {
    /// Subscribes to the source again each time it fails, from scratch, for as long as it
    /// fails: the result ends only when the source completes or the subscriber disposes.
    ///
    /// A source that fails at once is resubscribed in a loop, not recursively: the stack does
    /// not grow, and disposing from another thread stops the loop.
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
    public func retry(_ maxAttemptCount: Int) -> Observable<Element> {
        if maxAttemptCount < 0 {
            rxFatalError("retry(_:): maxAttemptCount must not be negative, but it is \(maxAttemptCount)")
        }
        return Retry(source: asObservable(), maxAttemptCount: maxAttemptCount)
    }
}

/// The producer behind `retry()` (no limit) and `retry(_:)`.
final class Retry<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let maxAttemptCount: Int?

    init(source: Observable<Element>, maxAttemptCount: Int?) {
        self.source = source
        self.maxAttemptCount = maxAttemptCount
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> RunningSink
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
/// A counter rather than `catch(sequence:)` over a repeated collection: no iterator to step
/// and no error to keep between attempts.
final class RetrySink<Observer: ObserverType>: ResubscribingSink<Observer> {
    private let source: Observable<Observer.Element>
    // Touched only by the attempts, which run one at a time; `nil` when there is no limit.
    private var attemptsLeft: Int?

    init(source: Observable<Observer.Element>, attemptsLeft: Int?, observer: Observer, cancel: any Cancelable) {
        self.source = source
        self.attemptsLeft = attemptsLeft
        super.init(observer: observer, cancel: cancel)
    }

    override func startNextAttempt() {
        if let left = attemptsLeft {
            // Only `retry(0)` gets here with none left: it completes without subscribing.
            if left == 0 {
                forwardCompletedAndDispose()
                return
            }
            attemptsLeft = left - 1
        }
        subscribeAttempt(to: source)
    }

    override func attemptFailed(_ error: any Swift.Error) {
        // Read before asking for the next attempt, which may start on another thread.
        if attemptsLeft == 0 {
            forwardErrorAndDispose(error)
        } else {
            requestNextAttempt()
        }
    }
}
