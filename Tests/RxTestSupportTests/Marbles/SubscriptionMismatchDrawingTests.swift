import RxTestHelpers
import RxTestSupport
import XCTest

/// A subscription mismatch is always visible in the drawing itself: two subscriptions that differ
/// are never drawn as the same line.
final class SubscriptionMismatchDrawingTests: RxTestCase {
    private let scheduler = TestScheduler(initialClock: 0)

    func testASubscriptionBeforeFrameZeroIsDrawnWhereItIs() {
        // A diagram's `^` alone is a subscription at 200; the recorded one was made at 0.
        XCTAssertEqual(
            scheduler.subscriptionsMismatch([Subscription(0)], ["^"]),
            """
            recorded subscriptions differ from the subscription diagrams at 0 (frame -20):
            expected: --------------------^
            recorded: ^--------------------
                      ^
            note: drawn from 0, before frame zero (200), where a subscription diagram cannot start
            expected: (200 : Infinity)
            recorded: (0 : Infinity)
            """)
    }

    func testSubscriptionsLessThanAFrameApartAreDrawnATickPerColumn() {
        XCTAssertEqual(
            scheduler.subscriptionsMismatch([Subscription(205, 230)], ["^--!"]),
            """
            recorded subscriptions differ from the subscription diagrams at 200 (frame 0):
            expected: ^----- 24f !
            recorded: -----^ 24f !
                      ^
            note: drawn one tick per column (- is a tick, Nf is N ticks): some subscriptions are less than a frame apart
            expected: (200 : 230)
            recorded: (205 : 230)
            """)
    }

    func testSubscriptionsThatTheDrawingCannotTellApartEndWithTheirTimes() {
        // The backwards second subscription keeps the drawing at one frame per column, where the
        // first pair (200 and 201) shares a frame.
        XCTAssertEqual(
            scheduler.subscriptionsMismatch(
                [Subscription(201, 230), Subscription(300, 250)], ["^--!", "-----^"]),
            """
            recorded subscriptions differ from the subscription diagrams at 200 (frame 0):
            expected: ^--!-------  (200 : 230)
            expected: -----^-----  (250 : Infinity)
            recorded: ^--!-------  (201 : 230)
            recorded: -----!----^  (300 : 250)
                      ^
            note: some differing subscriptions look alike when drawn; each line ends with its times
            note: some times fall inside an earlier frame and are drawn with it; the list is exact
            expected: (200 : 230), (250 : Infinity)
            recorded: (201 : 230), (300 : 250)
            """)
    }

    /// Random pairs of subscriptions that differ, some before frame zero, some less than a frame
    /// apart, some at the ends of the clock: the expected and recorded lines always differ.
    func testDifferingSubscriptionsAreNeverDrawnAlike() {
        let diagramTimes: [TestTime] = [0, 1, 5, 150, 195, 199, 200, 201, 205, 210, 230, 1000, 100_000]
        let times = diagramTimes + [.min, .min + 1, .max - 1]
        var random = SplitMix64(seed: 29)
        var compared = 0
        for round in 0..<2000 {
            let ticksPerFrame = [1, 2, 10, 100][Int(random.next() % 4)]
            let scheduler = TestScheduler(initialClock: 0, ticksPerFrame: ticksPerFrame)
            let subscribed = [0, 200, 1000][Int(random.next() % 3)]
            func time(_ from: [TestTime] = times) -> TestTime { from[Int(random.next() % UInt64(from.count))] }
            // What a diagram says: a subscription at or after frame zero, ended after it or open,
            // as its drawing reads back (less than a frame apart, both ends share a frame).
            let diagram = scheduler.marbleDiagram(
                of: Subscription(
                    max(subscribed, time(diagramTimes)),
                    random.next() % 3 == 0 ? TestTime.max : max(subscribed, time(diagramTimes))),
                subscribed: subscribed)
            guard let expected = try? scheduler.marbleSubscriptions(diagram, subscribed: subscribed).first else {
                continue
            }
            // What may be recorded: anything, backwards and at the ends of the clock included.
            var recorded = Subscription(time(), random.next() % 3 == 0 ? .max : time())
            while recorded == expected { recorded = Subscription(time(), time()) }

            let message = scheduler.subscriptionsMismatch([recorded], [diagram], subscribed: subscribed)
            compared += 1

            guard let message else {
                XCTFail("round \(round): \(expected) and \(recorded) differ, but no mismatch was reported")
                continue
            }
            let lines = message.split(separator: "\n").map(String.init)
            let drawnExpected = lines.first { $0.hasPrefix("expected: ") }
            let drawnRecorded = lines.first { $0.hasPrefix("recorded: ") }
            XCTAssertNotEqual(
                drawnExpected?.dropFirst(10), drawnRecorded?.dropFirst(10),
                "round \(round), ticksPerFrame \(ticksPerFrame), expected \(expected), recorded \(recorded):\n\(message)"
            )
        }
        XCTAssertGreaterThan(compared, 1000, "most rounds draw a diagram that reads back")
    }
}
