/// An observer that also takes a `next` element on its own, without the ``Event`` around it.
///
/// Code that is generic over the element type asks the runtime for the event type's metadata,
/// a cache lookup, each time it builds or inspects an ``Event``; on a chain of operators that
/// lookup costs more than the operators' own work. Sinks that hand each other bare elements
/// through ``onNextElement(_:)`` skip it on the per-element path, and build an ``Event`` only
/// for terminal events. `onNextElement(x)` must behave exactly like `on(.next(x))`.
@usableFromInline
package protocol ElementObserver<Element>: ObserverType, AnyObject {
    /// The type of the elements received.
    associatedtype Element

    /// Receives one element, exactly as `on(.next(element))` would.
    func onNextElement(_ element: Element)
}
