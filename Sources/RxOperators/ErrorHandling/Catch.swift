import RxCore
import RxDisposables

extension ObservableType {
    /// Passes the source on until it fails; then passes on the sequence `handler` makes from
    /// the error instead.
    ///
    /// The handler's sequence is subscribed to first, then the failed subscription is disposed,
    /// as in RxSwift. An error thrown by `handler` is sent as `error`. Errors of the handler's
    /// sequence are passed on as they are: it is not caught in turn.
    public func `catch`(
        _ handler: @escaping (any Swift.Error) throws -> Observable<Element>,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        let handlerIsolation = HandlerIsolation(isolation, file: file, line: line)
        let handler = handlerIsolation.isNonisolated ? handler : handlerIsolation.guarding(handler, "catch(_:)")
        return Catch(source: asObservable(), handler: handler)
    }
}

/// The producer behind `catch(_:)` and `catchAndReturn(_:)`.
final class Catch<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let handler: (any Swift.Error) throws -> Observable<Element>

    init(source: Observable<Element>, handler: @escaping (any Swift.Error) throws -> Observable<Element>) {
        self.source = source
        self.handler = handler
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Element {
        let sink = CatchSink(handler: handler, observer: observer, cancel: cancel)
        let current = SerialDisposable()
        let running = sink.holding(current)
        let first = SingleAssignmentDisposable()
        // Set before subscribing: a source that fails while being subscribed replaces it with
        // the handler's sequence, and `first` then disposes the source as soon as it is set.
        current.disposable = first
        sink.current = current
        first.setDisposable(source.subscribe(sink))
        return running
    }
}

/// Observes the source; on its error, switches to the handler's sequence.
final class CatchSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    private let handler: (any Swift.Error) throws -> Observable<Element>
    // Closed by the source's terminal event: anything the source sends after is dropped.
    private let sourceGate = TerminalGate()
    // The subscription in use, source then fallback; set before the source is subscribed to.
    fileprivate var current: SerialDisposable?

    init(
        handler: @escaping (any Swift.Error) throws -> Observable<Element>, observer: Observer, cancel: any Cancelable
    ) {
        self.handler = handler
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            if sourceGate.admitsElements {
                forwardNext(element)
            }
        case .completed:
            if sourceGate.admitsTerminalEvent() {
                forwardCompletedAndDispose()
            }
        case .error(let error):
            if sourceGate.admitsTerminalEvent() {
                switchToFallback(after: error)
            }
        }
    }

    private func switchToFallback(after error: any Swift.Error) {
        guard !isDisposed, let current else { return }
        let fallback: Observable<Element>
        do {
            fallback = try handler(error)
        } catch {
            forwardErrorAndDispose(error)
            return
        }
        // The fallback is subscribed before the failed subscription is disposed, as in RxSwift:
        // a fallback that shares the failed source (`share()`, a `refCount`) keeps it connected
        // instead of seeing it torn down and subscribed again. Replacing the serial holder's
        // content disposes the failed subscription, or the fallback's at once when the sink was
        // disposed meanwhile.
        current.disposable = fallback.subscribe(CatchFallbackObserver(sink: self))
    }
}

/// Passes the handler's sequence on unchanged.
final class CatchFallbackObserver<Observer: ObserverType>: ObserverType {
    typealias Element = Observer.Element

    private let sink: CatchSink<Observer>

    init(sink: CatchSink<Observer>) {
        self.sink = sink
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            sink.forwardNext(element)
        case .error(let error):
            sink.forwardErrorAndDispose(error)
        case .completed:
            sink.forwardCompletedAndDispose()
        }
    }
}
