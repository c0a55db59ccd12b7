import RxDisposables

/// The `cancel` of a sink whose subscriber is another sink of this package: there is no
/// disposer to dispose, because the subscribing sink holds this sink as its upstream and
/// releases it when it disposes.
final class LinkedSinkCancel: Cancelable, Sendable {
    static let instance = LinkedSinkCancel()

    private init() {}

    var isDisposed: Bool { false }

    func dispose() {}
}
