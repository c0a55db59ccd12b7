import RxCore
import RxTestSupport
import Synchronization

// @unchecked Sendable: `slots` is touched only under `lock`.
/// Slots that parallel workers fill with the events they recorded.
final class UncheckedResults: @unchecked Sendable {
    private let lock = Mutex<Void>(())
    private var slots: [[Recorded<Event<Int>>]]

    init(count: Int) {
        slots = Array(repeating: [], count: count)
    }

    func set(_ index: Int, _ events: [Recorded<Event<Int>>]) {
        lock.withLock { _ in slots[index] = events }
    }

    func get(_ index: Int) -> [Recorded<Event<Int>>] {
        lock.withLock { _ in slots[index] }
    }
}
