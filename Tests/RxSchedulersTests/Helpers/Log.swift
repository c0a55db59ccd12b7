import RxDisposables
import Synchronization

// @unchecked Sendable: `entries` is read and written only under `lock`.
/// An append-only record that actions on any thread write to and the test reads at the end.
final class Log<Entry>: @unchecked Sendable {
    private let lock = RxMutex<Void>(())
    private var entries: [Entry] = []

    func append(_ entry: Entry) {
        lock.withLock { _ in entries.append(entry) }
    }

    var values: [Entry] {
        lock.withLock { _ in entries }
    }

    var count: Int {
        lock.withLock { _ in entries.count }
    }
}

/// Something a scheduled action captures, so that a weak reference can tell when the
/// scheduler released the action.
final class Payload: Sendable {}
