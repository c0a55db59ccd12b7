/// What a ``SerializingSink`` has to deliver: an item the sink turns into an element, or the
/// terminal event.
enum SerializedDelivery<Item> {
    /// An item for ``SerializingSink/deliver(_:)``.
    case item(Item)
    /// Completion.
    case completed
    /// An error.
    case error(any Swift.Error)
}
