import RxCore
import RxDisposables
import RxTestSupport

/// Slots that parallel workers fill with the events they recorded.
///
/// Guarded by an `RxMutex`, whose hand-over ThreadSanitizer sees: a plain `Mutex`, taken in the
/// kernel when contended, left the sanitizer reporting a race on the slots now and then.
final class ParallelResults: Sendable {
    private let slots: RxMutex<[[Recorded<Event<Int>>]]>

    init(count: Int) {
        slots = RxMutex(Array(repeating: [], count: count))
    }

    func set(_ index: Int, _ events: [Recorded<Event<Int>>]) {
        slots.withLock { $0[index] = events }
    }

    func get(_ index: Int) -> [Recorded<Event<Int>>] {
        slots.withLock { $0[index] }
    }
}
