import RxCore
import RxDisposables

extension ObservableType {
    /// Each element paired with its index, counted from zero.
    @inlinable
    public func enumerated() -> Observable<(index: Int, element: Element)> {
        // The pair is made by a closure written here, where the element type is known: made in
        // the sink's generic code, a tuple of the element type would have the runtime look its
        // metadata up for every element.
        Enumerated(source: asObservable(), pair: { (index: $0, element: $1) })
    }
}

/// The producer behind `enumerated()`. `Pair` is `(index: Int, element: SourceType)`, kept as a
/// type parameter of its own so that the sink never names the tuple type (see `enumerated()`).
@usableFromInline
final class Enumerated<SourceType, Pair>: Producer<Pair> {
    @usableFromInline
    typealias MakePair = (Int, SourceType) -> Pair

    private let source: Observable<SourceType>
    private let pair: MakePair

    @usableFromInline
    init(source: Observable<SourceType>, pair: @escaping MakePair) {
        self.source = source
        self.pair = pair
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Pair {
        let sink = EnumeratedSink<SourceType, Pair, Observer>(pair: pair, observer: observer, cancel: cancel)
        return sink.subscribe(to: source)
    }
}

/// Counts the elements it forwards.
final class EnumeratedSink<SourceType, Pair, Observer: ObserverType>: Sink<Observer>, TerminalEventForwarding
where Observer.Element == Pair {
    typealias Element = SourceType

    private let pair: (Int, SourceType) -> Pair

    // Touched only by `onNext(_:)`, which a source calls serially.
    private var index = 0

    init(pair: @escaping (Int, SourceType) -> Pair, observer: Observer, cancel: any Cancelable) {
        self.pair = pair
        super.init(observer: observer, cancel: cancel)
    }

    func onNext(_ element: SourceType) {
        let (next, overflow) = index.addingReportingOverflow(1)
        if overflow {
            forwardErrorAndDispose(RxError.overflow)
            return
        }
        let current = index
        index = next
        forwardNext(pair(current, element))
    }
}
