import RxDisposables
import Synchronization

/// Records the order in which disposables were disposed, from any thread.
final class DisposeLog: Sendable {
    private let names = RxMutex<[String]>([])

    var entries: [String] {
        names.withLock { $0 }
    }

    func append(_ name: String) {
        names.withLock { $0.append(name) }
    }
}

/// A disposable that counts how often it was disposed and, when given a log, writes its name there.
final class TestDisposable: Disposable, Sendable {
    let name: String
    private let log: DisposeLog?
    private let disposals = Atomic<Int>(0)

    init(_ name: String = "", log: DisposeLog? = nil) {
        self.name = name
        self.log = log
    }

    var disposeCount: Int {
        disposals.load(ordering: .acquiring)
    }

    func dispose() {
        disposals.add(1, ordering: .acquiringAndReleasing)
        log?.append(name)
    }
}

/// An object whose lifetime a test watches through a weak reference.
final class Token: Sendable {}
