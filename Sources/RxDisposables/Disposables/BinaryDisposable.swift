/// Disposes two disposables, in order, once; the cheap form of a two-member composite.
final class BinaryDisposable: Cancelable, Sendable {
    // @unchecked Sendable: it exists only inside `members`' lock, and a disposable may be
    // disposed from any thread.
    private struct Members: @unchecked Sendable {
        var first: (any Disposable)?
        var second: (any Disposable)?
        var disposed = false
    }

    private let members: RxMutex<Members>

    init(_ first: any Disposable, _ second: any Disposable) {
        members = RxMutex(Members(first: first, second: second))
    }

    var isDisposed: Bool {
        members.withLock { $0.disposed }
    }

    func dispose() {
        let taken: Members = members.withLock { members in
            if members.disposed { return Members() }
            defer { members = Members(disposed: true) }
            return members
        }
        taken.first?.dispose()
        taken.second?.dispose()
    }
}
