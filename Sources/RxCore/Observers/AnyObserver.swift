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

    /// An observer that calls `eventHandler` for every event.
    public init(eventHandler: @escaping EventHandler) {
        observer = eventHandler
        nextHandler = nil
    }

    /// An observer that calls `eventHandler` for every event, except that elements go to
    /// `nextHandler`, which must do exactly what `eventHandler(.next(element))` would.
    package init(eventHandler: @escaping EventHandler, nextHandler: @escaping (Element) -> Void) {
        observer = eventHandler
        self.nextHandler = nextHandler
    }

    /// An observer that forwards every event to `observer`.
    public init<Observer: ObserverType>(_ observer: Observer) where Observer.Element == Element {
        self.observer = observer.on
        nextHandler = nil
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
