import RxDisposables
import Testing

@testable import RxTestSupport

/// The gate behind `.leakChecked` lets one holder in at a time.
@Suite(.leakChecked) struct LeakCheckGateTests {
    /// How many tasks are inside the gate, and the most there ever were.
    private final class Occupancy: Sendable {
        // An `RxMutex`, whose hand-over ThreadSanitizer sees, unlike a contended `Mutex`'s.
        private let counts = RxMutex<(now: Int, most: Int)>((0, 0))

        func enter() {
            counts.withLock { counts in
                counts.now += 1
                counts.most = max(counts.most, counts.now)
            }
        }

        func leave() {
            counts.withLock { $0.now -= 1 }
        }

        var most: Int { counts.withLock { $0.most } }
        var now: Int { counts.withLock { $0.now } }
    }

    @Test func holdersNeverOverlap() async {
        let gate = LeakCheckGate()
        let occupancy = Occupancy()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    await gate.acquire()
                    occupancy.enter()
                    await Task.yield()
                    occupancy.leave()
                    gate.release()
                }
            }
        }
        #expect(occupancy.most == 1)
        #expect(occupancy.now == 0)
    }
}
