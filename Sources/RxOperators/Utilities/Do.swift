import RxCore
import RxDisposables

extension ObservableType {
    /// Runs side effects as events pass, without changing them.
    ///
    /// `onNext`, `onError` and `onCompleted` run before the event goes downstream; `afterNext`,
    /// `afterError` and `afterCompleted` run after it. `onSubscribe` runs before subscribing to
    /// the source, `onSubscribed` after, and `onDispose` when the subscription ends. An error
    /// thrown by an event handler is sent as `error` and ends the subscription; one thrown by
    /// `afterError` or `afterCompleted`, when the sequence has already ended, goes to
    /// `Hooks.defaultErrorHandler` instead.
    public func `do`(
        onNext: ((Element) throws -> Void)? = nil,
        afterNext: ((Element) throws -> Void)? = nil,
        onError: ((any Swift.Error) throws -> Void)? = nil,
        afterError: ((any Swift.Error) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        let handlerIsolation = HandlerIsolation(isolation, file: file, line: line)
        let onNext =
            handlerIsolation.isNonisolated ? onNext : onNext.map { handlerIsolation.guarding($0, "do(onNext:)") }
        let afterNext =
            handlerIsolation.isNonisolated
            ? afterNext : afterNext.map { handlerIsolation.guarding($0, "do(afterNext:)") }
        let onError =
            handlerIsolation.isNonisolated ? onError : onError.map { handlerIsolation.guarding($0, "do(onError:)") }
        let afterError =
            handlerIsolation.isNonisolated
            ? afterError : afterError.map { handlerIsolation.guarding($0, "do(afterError:)") }
        let onCompleted =
            handlerIsolation.isNonisolated
            ? onCompleted : onCompleted.map { handlerIsolation.guarding($0, "do(onCompleted:)") }
        let afterCompleted =
            handlerIsolation.isNonisolated
            ? afterCompleted : afterCompleted.map { handlerIsolation.guarding($0, "do(afterCompleted:)") }
        let onSubscribe =
            handlerIsolation.isNonisolated
            ? onSubscribe : onSubscribe.map { handlerIsolation.guarding($0, "do(onSubscribe:)") }
        let onSubscribed =
            handlerIsolation.isNonisolated
            ? onSubscribed : onSubscribed.map { handlerIsolation.guarding($0, "do(onSubscribed:)") }
        let onDispose =
            handlerIsolation.isNonisolated
            ? onDispose : onDispose.map { handlerIsolation.guarding($0, "do(onDispose:)") }
        return Do(
            source: asObservable(),
            handlers: DoEventHandlers(
                onNext: onNext, afterNext: afterNext, onError: onError, afterError: afterError,
                onCompleted: onCompleted, afterCompleted: afterCompleted),
            onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose)
    }
}

/// The per-event side effects of one `do`, kept apart so that the sink calls only those given.
struct DoEventHandlers<Element> {
    let onNext: ((Element) throws -> Void)?
    let afterNext: ((Element) throws -> Void)?
    let onError: ((any Swift.Error) throws -> Void)?
    let afterError: ((any Swift.Error) throws -> Void)?
    let onCompleted: (() throws -> Void)?
    let afterCompleted: (() throws -> Void)?
}

/// The producer behind `do`.
final class Do<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let handlers: DoEventHandlers<Element>
    private let onSubscribe: (() -> Void)?
    private let onSubscribed: (() -> Void)?
    private let onDispose: (() -> Void)?

    init(
        source: Observable<Element>, handlers: DoEventHandlers<Element>, onSubscribe: (() -> Void)?,
        onSubscribed: (() -> Void)?, onDispose: (() -> Void)?
    ) {
        self.source = source
        self.handlers = handlers
        self.onSubscribe = onSubscribe
        self.onSubscribed = onSubscribed
        self.onDispose = onDispose
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Element {
        onSubscribe?()
        let sink = DoSink(handlers: handlers, observer: observer, cancel: cancel)
        guard let onDispose else {
            let running = sink.subscribe(to: source)
            onSubscribed?()
            return running
        }
        // `onDispose` runs after the source's subscription is disposed, and after `onSubscribed`
        // even when the source ends while being subscribed: the sink holds both together.
        let subscription = source.subscribe(sink)
        onSubscribed?()
        return sink.holding(
            Disposables.create {
                subscription.dispose()
                onDispose()
            })
    }
}

/// Calls the side effects around forwarding each event.
final class DoSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    private let handlers: DoEventHandlers<Element>

    init(handlers: DoEventHandlers<Element>, observer: Observer, cancel: any Cancelable) {
        self.handlers = handlers
        super.init(observer: observer, cancel: cancel)
    }

    func onNext(_ element: Element) {
        do {
            try handlers.onNext?(element)
            forwardNext(element)
            try handlers.afterNext?(element)
        } catch {
            forwardErrorAndDispose(error)
        }
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let error):
            do {
                try handlers.onError?(error)
            } catch {
                forwardErrorAndDispose(error)
                return
            }
            forwardOn(event)
            runAfterTerminalEvent { try handlers.afterError?(error) }
        case .completed:
            do {
                try handlers.onCompleted?()
            } catch {
                forwardErrorAndDispose(error)
                return
            }
            forwardOn(event)
            runAfterTerminalEvent { try handlers.afterCompleted?() }
        }
    }

    /// Runs an after-handler of a terminal event, then ends the subscription. The sequence has
    /// already ended, so an error the handler throws cannot be sent; it goes to
    /// `Hooks.defaultErrorHandler` like any other error nobody handles.
    private func runAfterTerminalEvent(_ handler: () throws -> Void) {
        do {
            try handler()
        } catch {
            Hooks.defaultErrorHandler([], error)
        }
        dispose()
    }
}
