import RxCore
import RxDisposables

extension ObservableType {
    /// For each observer: makes a subject with `subjectSelector`, passes `selector` a sequence
    /// that shares one subscription to this sequence through that subject, subscribes the
    /// observer to the sequence `selector` returns, then connects.
    ///
    /// An error thrown by either closure is sent to the observer.
    public func multicast<Subject: SubjectType, Result>(
        _ subjectSelector: @escaping () throws -> Subject,
        selector: @escaping (Observable<Subject.Element>) throws -> Observable<Result>,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Result> where Subject.Observer.Element == Element {
        let handlerIsolation = HandlerIsolation(isolation, file: file, line: line)
        let subjectSelector =
            handlerIsolation.isNonisolated
            ? subjectSelector : handlerIsolation.guarding(subjectSelector, "multicast(_:)")
        let selector =
            handlerIsolation.isNonisolated ? selector : handlerIsolation.guarding(selector, "multicast(selector:)")
        return MulticastSelector(source: asObservable(), subjectSelector: subjectSelector, selector: selector)
    }
}

final class MulticastSelector<Subject: SubjectType, Result>: Producer<Result> {
    typealias SourceElement = Subject.Observer.Element

    private let source: Observable<SourceElement>
    private let subjectSelector: () throws -> Subject
    private let selector: (Observable<Subject.Element>) throws -> Observable<Result>

    init(
        source: Observable<SourceElement>, subjectSelector: @escaping () throws -> Subject,
        selector: @escaping (Observable<Subject.Element>) throws -> Observable<Result>
    ) {
        self.source = source
        self.subjectSelector = subjectSelector
        self.selector = selector
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Result {
        let sink = MulticastSelectorSink(observer: observer, cancel: cancel)
        let selected: Observable<Result>
        let connectable: ConnectableObservable<Subject.Element>
        do {
            let subject = try subjectSelector()
            connectable = source.multicast(subject)
            selected = try selector(connectable.asObservable())
        } catch {
            sink.forwardErrorAndDispose(error)
            return sink.holding(Disposables.create())
        }
        let subscription = selected.subscribe(sink)
        let connection = connectable.connect()
        return sink.holding(Disposables.create(subscription, connection))
    }
}

final class MulticastSelectorSink<Observer: ObserverType>: Sink<Observer>, TerminalEventForwarding {
    typealias Element = Observer.Element

    func onNext(_ element: Element) {
        forwardNext(element)
    }
}
