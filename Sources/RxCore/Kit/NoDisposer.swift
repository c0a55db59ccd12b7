import RxDisposables

/// What a sink gets as its disposer when it has none: a sink that another sink holds as its
/// upstream is disposed, and released, by that sink, so there is nothing more to dispose.
final class NoDisposer: Cancelable, Sendable {
    static let instance = NoDisposer()

    private init() {}

    var isDisposed: Bool { false }

    func dispose() {}
}
