import RxCore

/// What an operator of a source and one other sequence (`take(until:)`, `skip(until:)`,
/// `sample(_:defaultValue:)`) puts through its ``Serializer``: an event of either.
enum SourceOrOther<Element, Other> {
    /// An event of the source.
    case source(Event<Element>)
    /// An event of the other sequence.
    case other(Event<Other>)
}
