import RxCore
import RxDisposables

extension ObservableType where Element: ObservableConvertibleType {
    /// Subscribes to every inner sequence as it arrives and passes on all their elements, as
    /// they come.
    ///
    /// Completes once the outer sequence and every inner sequence have completed; the first
    /// error, outer or inner, is passed on and disposes every subscription. Inner sequences
    /// sending on different threads are serialized: the observer receives one event at a time.
    public func merge() -> Observable<Element.Element> {
        Merge(source: asObservable())
    }
}

extension ObservableType {
    /// Subscribes to every one of `sources` and passes on all their elements, as they come.
    ///
    /// Completes once every source has completed, at once when there is none; the first
    /// error is passed on and disposes every subscription.
    public static func merge(_ sources: Observable<Element>...) -> Observable<Element> {
        MergeArray(sources: sources)
    }

    /// Subscribes to every one of `sources` and passes on all their elements, as they come.
    ///
    /// Completes once every source has completed, at once when the array is empty; the first
    /// error is passed on and disposes every subscription.
    public static func merge(_ sources: [Observable<Element>]) -> Observable<Element> {
        MergeArray(sources: sources)
    }

    /// Subscribes to every one of `sources` and passes on all their elements, as they come.
    ///
    /// Completes once every source has completed, at once when the collection is empty; the
    /// first error is passed on and disposes every subscription.
    public static func merge<Collection: Swift.Collection>(_ sources: Collection) -> Observable<Element>
    where Collection.Element == Observable<Element> {
        MergeArray(sources: Array(sources))
    }
}

/// The producer behind `merge()`.
final class Merge<Inner: ObservableConvertibleType>: Producer<Inner.Element> {
    private let source: Observable<Inner>

    init(source: Observable<Inner>) {
        self.source = source
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Inner.Element {
        MergeIdentitySink<Inner, Observer>(observer: observer, cancel: cancel).run(source)
    }
}

/// The producer behind `Observable.merge(_:)`: the sources are the outer sequence's elements.
final class MergeArray<Element>: Producer<Element> {
    private let sources: [Observable<Element>]

    init(sources: [Observable<Element>]) {
        self.sources = sources
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Element {
        MergeIdentitySink<Observable<Element>, Observer>(observer: observer, cancel: cancel).run(elements: sources)
    }
}

/// Merges the outer sequence's elements, which are the inner sequences themselves; with a limit,
/// also the sink of `merge(maxConcurrent:)` and `concat()`.
final class MergeIdentitySink<Inner: ObservableConvertibleType, Observer: ObserverType>: MergeSink<
    Inner, Inner, Observer
>
where Inner.Element == Observer.Element {
    override func inner(for element: Inner) throws -> Inner {
        element
    }
}
