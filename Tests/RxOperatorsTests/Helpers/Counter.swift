import Synchronization

/// A count that threads can bump at once.
final class Counter: Sendable {
    private let count = Atomic<Int>(0)

    var value: Int { count.load(ordering: .acquiring) }

    func increment() {
        count.wrappingAdd(1, ordering: .acquiringAndReleasing)
    }

    func decrement() {
        count.wrappingSubtract(1, ordering: .acquiringAndReleasing)
    }
}
