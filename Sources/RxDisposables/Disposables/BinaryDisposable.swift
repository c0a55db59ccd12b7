// @unchecked Sendable: the members are taken out and cleared only under `lock`.
/// Disposes two disposables, in order, once; the cheap form of a two-member composite.
final class BinaryDisposable: Cancelable, @unchecked Sendable {
    private let lock = RxLock()
    // Accessed only under `lock`, so the runtime's exclusivity check, a call on every access, is
    // left out.
    @exclusivity(unchecked)
    private var first: (any Disposable)?
    @exclusivity(unchecked)
    private var second: (any Disposable)?
    @exclusivity(unchecked)
    private var disposed = false

    init(_ first: any Disposable, _ second: any Disposable) {
        self.first = first
        self.second = second
    }

    var isDisposed: Bool {
        lock.withLock { disposed }
    }

    func dispose() {
        let members: ((any Disposable)?, (any Disposable)?) = lock.withLock {
            if disposed { return (nil, nil) }
            disposed = true
            defer {
                first = nil
                second = nil
            }
            return (first, second)
        }
        members.0?.dispose()
        members.1?.dispose()
    }
}
