import RxCore
import RxDisposables

extension ObservableType where Element: ObservableConvertibleType {
    /// Like `merge()`, but subscribed to at most `maxConcurrent` inner sequences at once: the
    /// others wait, in order, and each is subscribed to when a running one completes.
    ///
    /// A waiting sequence is kept only until it is subscribed to. An error, outer or inner,
    /// disposes the running sequences and drops the waiting ones.
    ///
    /// - Precondition: `maxConcurrent` is positive.
    public func merge(maxConcurrent: Int) -> Observable<Element.Element> {
        if maxConcurrent <= 0 {
            rxFatalError("merge(maxConcurrent:): maxConcurrent must be positive, but it is \(maxConcurrent)")
        }
        return MergeLimited(source: asObservable(), maxConcurrent: maxConcurrent)
    }
}

/// The producer behind `merge(maxConcurrent:)` and `concat()`.
final class MergeLimited<Inner: ObservableConvertibleType>: Producer<Inner.Element> {
    private let source: Observable<Inner>
    private let maxConcurrent: Int

    init(source: Observable<Inner>, maxConcurrent: Int) {
        self.source = source
        self.maxConcurrent = maxConcurrent
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Inner.Element {
        MergeIdentitySink<Inner, Observer>(maxConcurrent: maxConcurrent, observer: observer, cancel: cancel).run(source)
    }
}
