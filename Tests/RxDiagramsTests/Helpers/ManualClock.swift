import RxDiagrams
import Synchronization

/// A virtual clock a test sets by hand, readable from any thread.
final class ManualClock: Sendable {
    private let ticks = Atomic<Int>(0)

    /// The current tick.
    var now: Int { ticks.load(ordering: .relaxed) }

    /// Moves the clock to `tick`.
    func set(_ tick: Int) { ticks.store(tick, ordering: .relaxed) }

    /// A timeline on this clock.
    func timeline(capacity: Int = Timeline.defaultCapacity) -> Timeline {
        Timeline(capacity: capacity, clock: .virtual { self.now })
    }
}
