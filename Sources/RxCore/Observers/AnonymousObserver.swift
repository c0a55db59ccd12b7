/// An observer that hands each event to a closure, enforcing the event grammar.
public final class AnonymousObserver<Element>: ObserverBase<Element> {
    /// The closure that receives events.
    public typealias EventHandler = (Event<Element>) -> Void

    @usableFromInline
    let eventHandler: EventHandler
    @usableFromInline
    let isolation: HandlerIsolation

    /// An observer that calls `eventHandler` for every event it lets through.
    ///
    /// `isolation` is where `eventHandler` was written, filled in by the compiler; see
    /// ``HandlerIsolation``.
    public init(
        _ eventHandler: @escaping EventHandler, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) {
        self.eventHandler = eventHandler
        self.isolation = HandlerIsolation(isolation, file: file, line: line)
        super.init()
    }

    /// An observer that calls `eventHandler`, checked against `isolation`.
    package init(_ eventHandler: @escaping EventHandler, isolation: HandlerIsolation) {
        self.eventHandler = eventHandler
        self.isolation = isolation
        super.init()
    }

    /// Calls the event handler.
    @inlinable
    public override func onCore(_ event: Event<Element>) {
        isolation.check("subscribe(_:)")
        eventHandler(event)
    }

    // Calls the event handler with `.next(element)` directly, saving the `onCore` call.
    @usableFromInline
    override func onNextCore(_ element: Element) {
        isolation.check("subscribe(_:)")
        eventHandler(.next(element))
    }
}
