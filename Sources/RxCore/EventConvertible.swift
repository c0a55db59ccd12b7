/// A type that carries an ``Event``: `dematerialize()` turns a sequence of them back into the
/// events they carry.
public protocol EventConvertible<Element> {
    /// The element type of the event carried.
    associatedtype Element

    /// The event carried.
    var event: Event<Element> { get }
}

extension Event: EventConvertible {
    /// The event itself.
    public var event: Event<Element> {
        self
    }
}
