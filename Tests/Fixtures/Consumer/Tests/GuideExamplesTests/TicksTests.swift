import GuideExamples
import RxTestSupport
import XCTest

final class TicksTests: RxTestCase {
    func testTicksInVirtualTime() {
        // One tick of virtual time stands for one millisecond.
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)

        let observer = scheduler.start { ticks(on: scheduler) }

        XCTAssertEqual(
            observer.events,
            [
                .next(300, "tick 0"),
                .next(400, "tick 1"),
                .next(500, "tick 2"),
                .completed(500),
            ])
    }

    func testTicksWithMarbles() {
        // One frame of the diagram lasts 100 ticks, 100 ms.
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001, ticksPerFrame: 100)

        let observer = scheduler.start { ticks(on: scheduler) }

        assertMarbles(observer, "-ab(c|)", values: ["a": "tick 0", "b": "tick 1", "c": "tick 2"])
    }
}
