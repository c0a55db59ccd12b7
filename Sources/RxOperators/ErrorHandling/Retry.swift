import RxCore
import RxDisposables

extension ObservableType {
    /// Subscribes to the source again each time it fails, from scratch, for as long as it
    /// fails: the result ends only when the source completes or the subscriber disposes.
    ///
    /// A source that fails at once is resubscribed in a loop, not recursively: the stack does
    /// not grow, and disposing from another thread stops the loop.
    public func retry() -> Observable<Element> {
        CatchSequence(sources: RepeatedForever(element: asObservable()))
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
        return CatchSequence(sources: Swift.repeatElement(asObservable(), count: maxAttemptCount))
    }
}

/// One element, forever: the sources of `retry()`.
struct RepeatedForever<Element>: Sequence, IteratorProtocol {
    let element: Element

    func next() -> Element? {
        element
    }
}
