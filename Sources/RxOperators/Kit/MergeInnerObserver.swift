import RxCore
import RxDisposables

/// Observes one inner sequence of a ``MergeSink``: passes its elements on and reports its
/// terminal event. Nothing the inner sequence sends after its terminal event gets through.
final class MergeInnerObserver<SourceElement, Inner: ObservableConvertibleType, Observer: ObserverType>:
    ThreeMethodObserver
where Inner.Element == Observer.Element {
    typealias Element = Observer.Element

    private let sink: MergeSink<SourceElement, Inner, Observer>
    private let gate = TerminalGate()

    // The sink's list of running inner sequences, touched only under the sink's lock, which
    // keeps the accesses apart: the runtime's exclusivity check is left out.
    /// Whether the observer is in the sink's list.
    @exclusivity(unchecked)
    var isLinked = false
    /// The next observer in the list; it holds that one.
    @exclusivity(unchecked)
    var next: MergeInnerObserver?
    /// The previous observer in the list, which holds this one.
    @exclusivity(unchecked)
    unowned(unsafe) var previous: MergeInnerObserver?
    /// The subscription to the inner sequence, once its `subscribe` has returned.
    @exclusivity(unchecked)
    var subscription: (any Disposable)?

    init(sink: MergeSink<SourceElement, Inner, Observer>) {
        self.sink = sink
    }

    /// Subscribes this observer to `source`.
    func subscribe(to source: Observable<Element>) -> any Disposable {
        source.subscribe(self)
    }

    /// Whether the inner sequence has sent its terminal event: then the sink has taken this
    /// observer out of its list, or is doing so.
    var hasEnded: Bool {
        !gate.admitsElements
    }

    func onNext(_ element: Element) {
        if gate.admitsElements {
            sink.serializeNext(element)
        }
    }

    func onError(_ error: any Swift.Error) {
        if gate.admitsTerminalEvent() {
            sink.innerFailed(error)
        }
    }

    func onCompleted() {
        if gate.admitsTerminalEvent() {
            sink.innerCompleted(self)
        }
    }
}
