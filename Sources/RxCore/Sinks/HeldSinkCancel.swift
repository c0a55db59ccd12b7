import RxDisposables

/// The `cancel` of a sink that another sink holds as its upstream: there is no disposer to
/// dispose, because the holding sink releases this sink when it disposes.
final class HeldSinkCancel: Cancelable, Sendable {
    static let instance = HeldSinkCancel()

    private init() {}

    var isDisposed: Bool { false }

    func dispose() {}
}
