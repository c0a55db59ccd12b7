import RxCore
import RxDisposables

extension ObservableType {
    /// Subscribes to the sequences of `sequence` one after another, moving to the next whenever
    /// one fails: the first that completes completes the result, and when every one has failed
    /// the result fails with the last error.
    ///
    /// Elements of a failed sequence that arrived before its error are kept downstream. An empty
    /// `sequence` completes at once. `sequence` is iterated anew, lazily, for every subscriber, so
    /// it may be infinite.
    public static func `catch`<Sequence: Swift.Sequence>(sequence: Sequence) -> Observable<Element>
    where Sequence.Element == Observable<Element> {
        CatchSequence(sources: sequence)
    }
}

/// The producer behind `catch(sequence:)`.
final class CatchSequence<Sources: Sequence, Element>: Producer<Element>
where Sources.Element == Observable<Element> {
    private let sources: Sources

    init(sources: Sources) {
        self.sources = sources
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Element {
        let sink = CatchSequenceSink(sources: sources.makeIterator(), observer: observer, cancel: cancel)
        let running = sink.holding(sink.attempt)
        sink.requestNextAttempt()
        return running
    }
}

/// Subscribes to the next source after each failure; ends with the last error when there is
/// none left.
final class CatchSequenceSink<Sources: IteratorProtocol, Observer: ObserverType>: ResubscribingSink<Observer>
where Sources.Element == Observable<Observer.Element> {
    // Touched only by the attempts, which run one at a time.
    private var sources: Sources
    // Set by a failing attempt, possibly on another thread, and read by the next one.
    private let lastError = RxMutex<(any Swift.Error)?>(nil)

    init(sources: Sources, observer: Observer, cancel: any Cancelable) {
        self.sources = sources
        super.init(observer: observer, cancel: cancel)
    }

    override func startNextAttempt() {
        if let source = sources.next() {
            subscribeAttempt(to: source)
            return
        }
        if let error = lastError.withLock({ $0.take() }) {
            forwardErrorAndDispose(error)
        } else {
            forwardCompletedAndDispose()
        }
    }

    override func attemptFailed(_ error: any Swift.Error) {
        // The error replaced is released after the lock.
        let replaced = lastError.withLock { last in
            defer { last = error }
            return last
        }
        _ = replaced
        requestNextAttempt()
    }
}
