import RxCore
import RxTestHelpers
import RxTestSupport
import XCTest

/// Failure messages for events less than a frame apart: both lines are drawn one tick per
/// column, on one axis, so that every event has a column of its own. Events a frame or more
/// apart keep the frame scale (the other message tests).
final class CrowdedMarbleMessageTests: RxTestCase {
    func testEventsOneTickApartAreDrawnOneTickPerColumn() {
        let scheduler = TestScheduler(initialClock: 0)
        // What `Observable.of(1, 2, 3, scheduler: scheduler)` records when subscribed at 200.
        let recorded: [Recorded<Event<Int>>] = [.next(201, 1), .next(202, 2), .next(203, 3), .completed(204)]

        XCTAssertEqual(
            scheduler.marbleMismatch(recorded, "-123|"),
            """
            recorded events differ from the marble diagram at 201 (frame 0 + 1 tick):
            expected: ----------1---------2---------3---------|
            recorded: -123|------------------------------------
                       ^
            first difference:
              expected: next(1) @ 210
              recorded: next(1) @ 201
            note: drawn one tick per column (- is a tick, Nf is N ticks): some events are less than a frame apart
            recorded events:
              next(1) @ 201
              next(2) @ 202
              next(3) @ 203
              completed @ 204
            """)
    }

    func testAnErrorCrowdingAnElementOnTheRecordedSideIsDrawnBesideIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let recorded: [Recorded<Event<Int>>] = [.next(210, 1), .next(215, 2), .error(216, TestError.boom)]

        XCTAssertEqual(
            scheduler.marbleMismatch(recorded, "-12|"),
            """
            recorded events differ from the marble diagram at 215 (frame 1 + 5 ticks):
            expected: ----------1---------2---------|
            recorded: ----------1----2#--------------
                                     ^
            first difference:
              expected: next(2) @ 220
              recorded: next(2) @ 215
            note: drawn one tick per column (- is a tick, Nf is N ticks): some events are less than a frame apart
            recorded events:
              next(1) @ 210
              next(2) @ 215
              error(boom) @ 216
            """)
    }

    func testLongQuietStretchesAreCountedInTicks() {
        let scheduler = TestScheduler(initialClock: 0)
        let recorded: [Recorded<Event<Int>>] = [.next(201, 1), .completed(202)]

        let message = scheduler.marbleMismatch(recorded, "-1-----|") ?? ""

        XCTAssertTrue(message.contains("expected: ----------1 59f |"), message)
        XCTAssertTrue(message.contains("recorded: -1|-------- 59f -"), message)
    }
}
