/// A type-erased observer: any observer, or a closure, behind one concrete type.
public struct AnyObserver<Element>: ObserverType {
    /// The closure that receives events.
    public typealias EventHandler = (Event<Element>) -> Void

    /// The wrapped observer's event handler.
    public let observer: EventHandler

    // A shortcut for elements that does what `observer(.next(element))` does without building
    // an `Event`; only this package's observers provide one.
    @usableFromInline
    let nextHandler: ((Element) -> Void)?

    // Whether the wrapped observer is one of the library's own that accepts events from any
    // thread, one at a time (the observer `create` hands out): only those become ``sendable``.
    let acceptsEventsFromAnyThread: Bool

    /// An observer that calls `eventHandler` for every event.
    public init(eventHandler: @escaping EventHandler) {
        observer = eventHandler
        nextHandler = nil
        acceptsEventsFromAnyThread = false
    }

    /// An observer of the library's own that accepts events from any thread, one at a time: it
    /// calls `eventHandler` for every event, except that elements go to `nextHandler`, which
    /// must do exactly what `eventHandler(.next(element))` would.
    package init(eventHandler: @escaping EventHandler, nextHandler: @escaping (Element) -> Void) {
        observer = eventHandler
        self.nextHandler = nextHandler
        acceptsEventsFromAnyThread = true
    }

    /// An observer that forwards every event to `observer`.
    public init<Observer: ObserverType>(_ observer: Observer) where Observer.Element == Element {
        self.observer = observer.on
        nextHandler = nil
        acceptsEventsFromAnyThread = false
    }

    /// This observer as a ``SendableObserver``, for a callback that is `@Sendable`.
    ///
    /// - Precondition: this is the observer `Observable.create` handed to its closure (or a
    ///   copy of it), which accepts events from any thread as long as they come one at a time.
    ///   Any other `AnyObserver` may call code that is not safe to share between threads, and
    ///   the program stops with a message saying so.
    public var sendable: SendableObserver<Element> {
        if !acceptsEventsFromAnyThread {
            rxFatalError(
                """
                AnyObserver.sendable: only the observer `Observable.create` hands to its closure \
                can be shared between threads; this one wraps a closure or an observer the \
                library cannot vouch for
                """)
        }
        return SendableObserver(wrapping: self)
    }

    /// Forwards `event` to the wrapped observer.
    @inlinable
    public func on(_ event: Event<Element>) {
        observer(event)
    }

    /// Forwards `element` to the wrapped observer as a `next` event.
    @inlinable
    public func onNext(_ element: Element) {
        // Called in place rather than bound with `if let`, which copies (retains) the closure.
        if nextHandler != nil {
            nextHandler!(element)
        } else {
            observer(.next(element))
        }
    }

    /// Returns `self`.
    public func asObserver() -> AnyObserver<Element> {
        self
    }
}

extension ObserverType {
    /// This observer behind ``AnyObserver``.
    public func asObserver() -> AnyObserver<Element> {
        AnyObserver(self)
    }

    /// An observer of `Result` that transforms each element with `transform` before passing
    /// it here. An error thrown by `transform` is sent here as an `error` event.
    public func mapObserver<Result>(_ transform: @escaping (Result) throws -> Element) -> AnyObserver<Result> {
        AnyObserver { event in
            self.on(event.map(transform))
        }
    }
}

// @unchecked Sendable: it only ever wraps an observer of the library's own `create` sinks
// (``AnyObserver/sendable`` checks), whose state is guarded (an atomic disposed flag, a terminal
// gate) and which accept events from any thread, one at a time.
/// The observer `Observable.create` hands to its closure, made `Sendable` so that a callback
/// marked `@Sendable` can capture it: get one with ``AnyObserver/sendable``.
///
/// Events may come from any thread, as long as they come one at a time (a callback called once,
/// or always on one serial queue); after the first `error` or `completed` the rest are ignored.
public struct SendableObserver<Element>: ObserverType, @unchecked Sendable {
    private let observer: AnyObserver<Element>

    fileprivate init(wrapping observer: AnyObserver<Element>) {
        self.observer = observer
    }

    /// Sends `event` to the subscription.
    public func on(_ event: Event<Element>) {
        observer.on(event)
    }

    /// Sends `element` to the subscription.
    public func onNext(_ element: Element) {
        observer.onNext(element)
    }

    /// The observer as an ``AnyObserver``.
    public func asObserver() -> AnyObserver<Element> {
        observer
    }
}
