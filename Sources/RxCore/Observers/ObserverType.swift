/// Something that receives the events of an observable sequence.
public protocol ObserverType<Element> {
    /// The type of the elements received.
    associatedtype Element

    /// Receives one event.
    func on(_ event: Event<Element>)

    /// Receives one element, exactly as `on(.next(element))` would.
    ///
    /// The default implementation does just that. Observers that take an element without an
    /// ``Event`` around it implement it themselves: code that is generic over the element type
    /// asks the runtime for the event type's metadata each time it builds or inspects an
    /// ``Event``, and on a chain of operators that lookup costs more than the operators' work.
    func onNext(_ element: Element)

    /// Receives completion, exactly as `on(.completed)` would.
    ///
    /// The default implementation does just that. Like ``onNext(_:)``, it is a requirement so
    /// that a chain of operators can pass completion along without building an ``Event`` in
    /// code that is generic over the element type.
    func onCompleted()

    /// Receives `error`, exactly as `on(.error(error))` would.
    ///
    /// The default implementation does just that; see ``onCompleted()``.
    func onError(_ error: any Swift.Error)
}

extension ObserverType {
    /// Sends `.next(element)` to ``on(_:)``.
    @inlinable
    public func onNext(_ element: Element) {
        on(.next(element))
    }

    /// Sends `.completed` to ``on(_:)``.
    @inlinable
    public func onCompleted() {
        on(.completed)
    }

    /// Sends `.error(error)` to ``on(_:)``.
    @inlinable
    public func onError(_ error: any Swift.Error) {
        on(.error(error))
    }
}
