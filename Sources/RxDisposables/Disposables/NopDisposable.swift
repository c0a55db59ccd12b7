/// The disposable with nothing to release; one shared instance serves every caller.
struct NopDisposable: Disposable, Sendable {
    static let instance = NopDisposable()

    func dispose() {}
}
