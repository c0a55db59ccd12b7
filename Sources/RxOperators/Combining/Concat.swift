import RxCore
import RxDisposables

extension ObservableType where Element: ObservableConvertibleType {
    /// Subscribes to the inner sequences one at a time, in the order they arrive: each waits
    /// until the one before it has completed.
    ///
    /// The same as `merge(maxConcurrent: 1)`. A waiting sequence is kept only until it is
    /// subscribed to; an error, outer or inner, disposes everything and drops the waiting ones.
    public func concat() -> Observable<Element.Element> {
        MergeLimited(source: asObservable(), maxConcurrent: 1)
    }
}

extension ObservableType {
    /// This sequence's elements, then, once it has completed, those of `second`.
    ///
    /// `second` is subscribed to only after this sequence's subscription has been disposed. An
    /// error from either ends the result.
    public func concat<Source: ObservableConvertibleType>(_ second: Source) -> Observable<Element>
    where Source.Element == Element {
        ConcatSequence(sources: [asObservable(), second.asObservable()])
    }

    /// The elements of each of `sources` in turn: each is subscribed to once the one before it
    /// has completed, and its subscription disposed.
    ///
    /// An error ends the result; no source is subscribed to after it. No sources complete at
    /// once. Sources that complete while being subscribed are taken in a loop, so the stack does
    /// not grow however many there are.
    public static func concat(_ sources: Observable<Element>...) -> Observable<Element> {
        ConcatSequence(sources: sources)
    }

    /// The elements of each sequence of `collection` in turn: each is subscribed to once the one
    /// before it has completed, and its subscription disposed.
    ///
    /// An error ends the result; no sequence is subscribed to after it. An empty collection
    /// completes at once.
    public static func concat<Collection: Swift.Collection>(_ collection: Collection) -> Observable<Element>
    where Collection.Element == Observable<Element> {
        ConcatSequence(sources: collection)
    }

    /// The elements of each sequence of `sequence` in turn: each is subscribed to once the one
    /// before it has completed, and its subscription disposed.
    ///
    /// `sequence` is iterated lazily, anew for each subscriber, so it may be infinite. An error
    /// ends the result; an empty sequence completes at once.
    public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Observable<Element>
    where Sequence.Element == Observable<Element> {
        ConcatSequence(sources: sequence)
    }
}

/// The producer behind `Observable.concat(_:)` and `concat(_:)`.
final class ConcatSequence<Sources: Sequence, Element>: Producer<Element>
where Sources.Element == Observable<Element> {
    private let sources: Sources

    init(sources: Sources) {
        self.sources = sources
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> RunningSink
    where Observer.Element == Element {
        let sink = ConcatSequenceSink(sources: sources.makeIterator(), observer: observer, cancel: cancel)
        let running = sink.holding(sink.attempt)
        sink.requestNextAttempt()
        return running
    }
}

/// Subscribes to the next source after each completion; completes when there is none left.
final class ConcatSequenceSink<Sources: IteratorProtocol, Observer: ObserverType>: ResubscribingSink<Observer>
where Sources.Element == Observable<Observer.Element> {
    // Touched only by the attempts, which run one at a time.
    private var sources: Sources

    init(sources: Sources, observer: Observer, cancel: any Cancelable) {
        self.sources = sources
        super.init(observer: observer, cancel: cancel)
    }

    override func startNextAttempt() {
        if let source = sources.next() {
            subscribeAttempt(to: source)
        } else {
            forwardCompletedAndDispose()
        }
    }

    override func attemptFailed(_ error: any Swift.Error) {
        forwardErrorAndDispose(error)
    }

    override func attemptCompleted() {
        requestNextAttempt()
    }
}
