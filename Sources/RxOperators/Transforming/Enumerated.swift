import RxCore
import RxDisposables

extension ObservableType {
    /// Each element paired with its index, counted from zero.
    public func enumerated() -> Observable<(index: Int, element: Element)> {
        Enumerated(source: asObservable())
    }
}

/// The producer behind `enumerated()`.
final class Enumerated<SourceType>: Producer<(index: Int, element: SourceType)> {
    private let source: Observable<SourceType>

    init(source: Observable<SourceType>) {
        self.source = source
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> RunReceipt
    where Observer.Element == (index: Int, element: SourceType) {
        let sink = EnumeratedSink<SourceType, Observer>(observer: observer, cancel: cancel)
        return sink.subscribe(to: source)
    }
}

/// Counts the elements it forwards.
final class EnumeratedSink<SourceType, Observer: ObserverType>: Sink<Observer>, TerminalEventForwarding
where Observer.Element == (index: Int, element: SourceType) {
    typealias Element = SourceType

    // Touched only by `onNext(_:)`, which a source calls serially.
    @exclusivity(unchecked)
    private var index = 0

    @inline(__always)
    func onNext(_ element: SourceType) {
        let (next, overflow) = index.addingReportingOverflow(1)
        if overflow {
            forwardErrorAndDispose(RxError.overflow)
            return
        }
        let current = index
        index = next
        forwardNext((current, element))
    }
}
