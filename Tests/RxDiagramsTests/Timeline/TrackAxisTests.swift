import RxTestSupport
import XCTest

@testable import RxDiagrams

/// The axis the timelines and failing-test pictures share: linear within activity, long idle
/// gaps drawn as breaks of a fixed width, and times at the ends of the clock handled.
final class TrackAxisTests: RxTestCase {
    func testEvenlySpacedTimesAreNeverShortened() {
        let axis = TrackAxis(
            times: Array(stride(from: 0, through: 1_000, by: 100)), neighbours: [], extents: [:], x0: 0)
        XCTAssertNil(axis.idleThreshold)
        XCTAssertTrue(axis.breaks.isEmpty)
        let steps = zip(axis.positions, axis.positions.dropFirst()).map { $1 - $0 }
        XCTAssertEqual(Set(steps.map { ($0 * 100).rounded() }).count, 1, "a linear scale")
    }

    func testAPeriodicSourceWhoseElementsHopThreadsIsNeverShortened() {
        // Every 40 ms an element, and 30 µs later the same element on another thread.
        let times = (1...6).flatMap { tick in [tick * 40_000_000, tick * 40_000_000 + 30_000] }
        let axis = TrackAxis(times: [0] + times, neighbours: [], extents: [:], x0: 0)
        XCTAssertTrue(axis.breaks.isEmpty, "\(axis.breaks.map(\.from))")
    }

    func testALongGapBetweenBurstsBecomesABreak() {
        let times = [0, 10, 20, 30, 100_000, 100_010]
        let axis = TrackAxis(times: times, neighbours: [], extents: [:], x0: 0)
        XCTAssertEqual(axis.breaks.map(\.from), [30])
        XCTAssertEqual(axis.breaks.map(\.to), [100_000])
        XCTAssertLessThan(axis.end, TrackAxis.widestActivity + 200)
        XCTAssertEqual(axis.x(50_015), (axis.x(30) + axis.x(100_000)) / 2, accuracy: 1, "inside a break, halfway")
    }

    func testNeighboursSpreadTheScaleWithinTheWidthBudget() {
        let roomy = TrackAxis(times: [0, 10, 20], neighbours: [(0, 10, 100), (10, 20, 100)], extents: [:], x0: 0)
        XCTAssertEqual(roomy.x(10) - roomy.x(0), 180, accuracy: 0.01, "the narrowest width wins over a smaller need")
        let crowded = TrackAxis(
            times: Array(0...100), neighbours: (0..<100).map { ($0, $0 + 1, 40) }, extents: [:], x0: 0)
        XCTAssertEqual(crowded.end, TrackAxis.widestActivity, accuracy: 0.01, "at most the widest width")
    }

    func testTimesAtTheEndsOfTheClockAreLaidOutInOrder() {
        let axis = TrackAxis(times: [Int.min, 0, Int.max], neighbours: [], extents: [:], x0: 10)
        XCTAssertEqual(axis.positions, axis.positions.sorted())
        XCTAssertEqual(axis.x(Int.min), 10)
        XCTAssertTrue(axis.x(Int.max).isFinite)
        XCTAssertEqual(TrackAxis.distance(Int.min, Int.max), Int.max)
    }
}
