import RxCore
import RxDisposables

extension ObservableType where Element: EventConvertible {
    /// The events carried by the elements, as events: the reverse of `materialize()`. An
    /// element carrying `.error` or `.completed` ends the sequence with it.
    public func dematerialize() -> Observable<Element.Element> {
        Dematerialize(source: asObservable())
    }
}

/// The producer behind `dematerialize()`.
final class Dematerialize<SourceType: EventConvertible>: Producer<SourceType.Element> {
    private let source: Observable<SourceType>

    init(source: Observable<SourceType>) {
        self.source = source
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == SourceType.Element {
        let sink = DematerializeSink<SourceType, Observer>(observer: observer, cancel: cancel)
        return sink.subscribe(to: source)
    }
}

/// Unwraps each element into the event it carries.
final class DematerializeSink<SourceType: EventConvertible, Observer: ObserverType>: Sink<Observer>,
    TerminalEventForwarding
where Observer.Element == SourceType.Element {
    typealias Element = SourceType

    func onNext(_ element: SourceType) {
        switch element.event {
        case .next(let value):
            forwardNext(value)
        case .error(let error):
            forwardErrorAndDispose(error)
        case .completed:
            forwardCompletedAndDispose()
        }
    }
}
