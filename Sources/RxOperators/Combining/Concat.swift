import RxCore
import RxDisposables
import Synchronization

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
    /// error from either ends the result. This sequence is let go of as soon as it is subscribed
    /// to: once it has completed, the subscription keeps nothing of it.
    public func concat<Source: ObservableConvertibleType>(_ second: Source) -> Observable<Element>
    where Source.Element == Element {
        ConcatSequence(sources: ConcatPair(first: asObservable(), second: second.asObservable()), count: 2)
    }

    /// The elements of each of `sources` in turn: each is subscribed to once the one before it
    /// has completed, and its subscription disposed.
    ///
    /// An error ends the result; no source is subscribed to after it. No sources complete at
    /// once. Sources that complete while being subscribed are taken in a loop, so the stack does
    /// not grow however many there are.
    public static func concat(_ sources: Observable<Element>...) -> Observable<Element> {
        ConcatSequence(sources: sources, count: sources.count)
    }

    /// The elements of each sequence of `collection` in turn: each is subscribed to once the one
    /// before it has completed, and its subscription disposed.
    ///
    /// An error ends the result; no sequence is subscribed to after it. An empty collection
    /// completes at once.
    public static func concat<Collection: Swift.Collection>(_ collection: Collection) -> Observable<Element>
    where Collection.Element == Observable<Element> {
        ConcatSequence(sources: collection, count: collection.count)
    }

    /// The elements of each sequence of `sequence` in turn: each is subscribed to once the one
    /// before it has completed, and its subscription disposed.
    ///
    /// `sequence` is iterated lazily, anew for each subscriber, so it may be infinite. An error
    /// ends the result; an empty sequence completes at once.
    public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Observable<Element>
    where Sequence.Element == Observable<Element> {
        ConcatSequence(sources: sequence, count: nil)
    }
}

/// In debug builds, the height of the tallest stack of sequences a `concat` subscription has
/// iterated at once since the value was last set (RxSwift's counter of its tail recursion, under
/// the same name); `0` in release builds, which do not record it.
///
/// `Observable.concat` and `concat(_:)` do not subscribe to a source that is itself a
/// concatenation of the same kind (the same form, over the same type of sequence, as RxSwift
/// checks): they iterate its sequences in the same subscription, on a stack of the sequences being
/// iterated, so that a concatenation that nests itself (a sequence that ends with its own
/// continuation, `concat([just(0), concat([just(1), …])])`) runs in one subscription and keeps no
/// chain of subscriptions. A sequence whose count is known (a collection, the variadic and
/// two-sequence forms) leaves the stack as its last sequence is taken, so such nesting keeps the
/// stack at 1, however deep; a lazy `Sequence` cannot tell that it is exhausted until it is asked
/// again, so each level of nesting through one stays on the stack until its continuation
/// completes, and the number counts the levels. Every concat subscription starts with one
/// sequence, so any concat in the meantime makes the number at least 1.
///
/// Set it to `0` before the code to measure, and read it after. It is one number for the whole
/// process: concatenations running on other threads meanwhile count too.
public var maxTailRecursiveSinkStackSize: Int {
    get {
        #if DEBUG
            ConcatStackHeight.tallest.load(ordering: .relaxed)
        #else
            0
        #endif
    }
    set {
        #if DEBUG
            ConcatStackHeight.tallest.store(newValue, ordering: .relaxed)
        #endif
    }
}

/// The record behind ``maxTailRecursiveSinkStackSize``.
enum ConcatStackHeight {
    #if DEBUG
        static let tallest = Atomic<Int>(0)
    #endif

    /// Records a stack `height` sequences high; nothing in release builds.
    static func record(_ height: Int) {
        #if DEBUG
            tallest.max(height, ordering: .relaxed)
        #endif
    }
}

/// The producer behind `Observable.concat(_:)` and `concat(_:)`.
final class ConcatSequence<Sources: Sequence, Element>: Producer<Element>
where Sources.Element == Observable<Element> {
    fileprivate let sources: Sources
    /// How many sequences `sources` has, when it is a collection.
    fileprivate let count: Int?

    init(sources: Sources, count: Int?) {
        self.sources = sources
        self.count = count
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Element {
        let sink = ConcatSequenceSink<Sources, Observer>(
            sources: sources.makeIterator(), count: count, observer: observer, cancel: cancel)
        let running = sink.holding(sink.attempt)
        sink.requestNextAttempt()
        return running
    }
}

/// The two sequences of `a.concat(b)`, given up by the iterator as they are taken, so that a
/// subscription keeps nothing of the first once it has moved on (`Completable.andThen` is built
/// on it: the first completable, and what its closures capture, is let go of at its completion).
struct ConcatPair<Element>: Sequence {
    let first: Observable<Element>
    let second: Observable<Element>

    func makeIterator() -> Iterator {
        Iterator(first: first, second: second)
    }

    struct Iterator: IteratorProtocol {
        var first: Observable<Element>?
        var second: Observable<Element>?

        mutating func next() -> Observable<Element>? {
            if let taken = first {
                first = nil
                return taken
            }
            defer { second = nil }
            return second
        }
    }
}

/// Subscribes to the next sequence after each completion; completes when there is none left.
///
/// A sequence that is itself a concatenation of this sink's kind (a `ConcatSequence` over the same
/// type of sequence) is not subscribed to: its iteration replaces the current one when that has
/// no sequence left, and goes on top of it otherwise, and the frames below wait in `outer`. So
/// concatenations nested in one another run in this one subscription (RxSwift's tail recursion).
final class ConcatSequenceSink<Sources: Sequence, Observer: ObserverType>: ResubscribingSink<Observer>
where Sources.Element == Observable<Observer.Element> {
    typealias Element = Observer.Element

    // Touched only by the attempts, which run one at a time. The iteration on top of the stack is
    // kept inline, as a concatenation that nests none has only that one; `outer` is empty then.
    private var sources: Sources.Iterator
    // How many sequences the top iteration has left, when known.
    private var remaining: Int?
    private var exhausted = false
    private var outer: [(sources: Sources.Iterator, remaining: Int?)] = []

    init(sources: Sources.Iterator, count: Int?, observer: Observer, cancel: any Cancelable) {
        self.sources = sources
        remaining = count
        exhausted = count == 0
        ConcatStackHeight.record(1)
        super.init(observer: observer, cancel: cancel)
    }

    override func startNextAttempt() {
        while true {
            if exhausted {
                if resumeOuterIteration() {
                    continue
                }
                forwardCompletedAndDispose()
                return
            }
            guard let source = sources.next() else {
                exhausted = true
                continue
            }
            if let left = remaining {
                remaining = left - 1
                exhausted = left == 1
            }
            if let nested = source as? ConcatSequence<Sources, Element> {
                takeIn(nested)
                continue
            }
            subscribeAttempt(to: source)
            return
        }
    }

    // The two below are separate: the types of `outer` (a tuple and an array of it) are
    // looked up at run time in code not specialised for `Sources`, which the loop above, run once
    // per source, should not pay for.

    /// Iterates `nested`'s sequences in this subscription: in place of the top iteration when it
    /// has no sequence left (which lets go of it), on top of it otherwise.
    private func takeIn(_ nested: ConcatSequence<Sources, Element>) {
        if !exhausted {
            outer.append((sources, remaining))
        }
        sources = nested.sources.makeIterator()
        remaining = nested.count
        exhausted = nested.count == 0
        ConcatStackHeight.record(outer.count + 1)
    }

    /// Goes back to the iteration below the exhausted one, if there is one.
    private func resumeOuterIteration() -> Bool {
        guard let below = outer.popLast() else { return false }
        sources = below.sources
        remaining = below.remaining
        exhausted = false
        return true
    }

    override func attemptFailed(_ error: any Swift.Error) {
        forwardErrorAndDispose(error)
    }

    override func attemptCompleted() {
        requestNextAttempt()
    }
}
