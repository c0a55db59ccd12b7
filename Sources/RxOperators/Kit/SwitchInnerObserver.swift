import RxCore
import RxDisposables

/// Observes one inner sequence of a ``SwitchSink``: passes its elements on, tagged with the
/// sequence's number, and reports its terminal event. Nothing the inner sequence sends after its
/// terminal event gets through.
final class SwitchInnerObserver<SourceElement, Inner: ObservableConvertibleType, Observer: ObserverType>:
    ThreeMethodObserver
where Inner.Element == Observer.Element {
    typealias Element = Observer.Element

    private let sink: SwitchSink<SourceElement, Inner, Observer>
    private let id: Int
    private let gate = TerminalGate()

    init(sink: SwitchSink<SourceElement, Inner, Observer>, id: Int) {
        self.sink = sink
        self.id = id
    }

    /// Subscribes this observer to `source`.
    func subscribe(to source: Observable<Element>) -> any Disposable {
        source.subscribe(self)
    }

    /// Whether the inner sequence has sent its terminal event.
    var hasEnded: Bool {
        !gate.admitsElements
    }

    func onNext(_ element: Element) {
        if gate.admitsElements {
            sink.serializeNext(element, tag: id)
        }
    }

    func onError(_ error: any Swift.Error) {
        if gate.admitsTerminalEvent() {
            sink.innerFailed(error, id: id)
        }
    }

    func onCompleted() {
        if gate.admitsTerminalEvent() {
            sink.innerCompleted(id: id)
        }
    }
}
