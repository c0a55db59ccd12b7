/// An observer that hands each event to a closure, enforcing the event grammar.
public final class AnonymousObserver<Element>: ObserverBase<Element> {
    /// The closure that receives events.
    public typealias EventHandler = (Event<Element>) -> Void

    @usableFromInline
    let eventHandler: EventHandler

    /// An observer that calls `eventHandler` for every event it lets through.
    public init(_ eventHandler: @escaping EventHandler) {
        self.eventHandler = eventHandler
        super.init()
    }

    /// Calls the event handler.
    @inlinable
    public override func onCore(_ event: Event<Element>) {
        eventHandler(event)
    }

    // Calls the event handler with `.next(element)` directly, saving the `onCore` call.
    @usableFromInline
    override func onNextCore(_ element: Element) {
        eventHandler(.next(element))
    }
}
