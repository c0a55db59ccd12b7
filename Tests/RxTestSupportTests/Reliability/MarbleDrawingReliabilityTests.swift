import RxCore
import RxTestHelpers
import RxTestSupport
import XCTest

/// Drawings of recorded events read back as those events wherever marble syntax can express
/// them, and are off by less than a frame, for the events concerned only, where it cannot; odd
/// input (events out of order, backwards subscriptions, the ends of the clock) is drawn, never
/// a trap.
final class MarbleDrawingReliabilityTests: RxTestCase {
    private let scheduler = TestScheduler(initialClock: 0)

    func testAnEventJustBeforeTheSubscriptionPointIsDrawnInItsGroup() throws {
        let events: [Recorded<Event<String>>] = [.next(150, "x"), .next(195, "a"), .next(250, "b")]

        let drawn = scheduler.marbleDiagram(of: events)

        XCTAssertEqual(drawn, "x----(a^)----b")
        // Only `a` moves, to the subscription point; the others keep their times.
        XCTAssertEqual(try scheduler.marbleEvents(drawn), [.next(150, "x"), .next(200, "a"), .next(250, "b")])
    }

    func testAnEventJustAfterTheSubscriptionPointIsDrawnInItsGroup() throws {
        let events: [Recorded<Event<String>>] = [.next(180, "a"), .next(205, "b"), .next(230, "c")]

        let drawn = scheduler.marbleDiagram(of: events)

        XCTAssertEqual(drawn, "a-(^b)--c")
        XCTAssertEqual(try scheduler.marbleEvents(drawn), [.next(180, "a"), .next(200, "b"), .next(230, "c")])
    }

    func testAnEventAtTheSubscriptionPointReadsBackExactly() throws {
        let events: [Recorded<Event<String>>] = [.next(190, "a"), .next(200, "b")]

        let drawn = scheduler.marbleDiagram(of: events)

        XCTAssertEqual(drawn, "a(^b)")
        XCTAssertEqual(try scheduler.marbleEvents(drawn), events)
    }

    func testEventsOutOfTimeOrderAreDrawnInTimeOrder() throws {
        let events: [Recorded<Event<String>>] = [.next(300, "a"), .next(100, "b")]

        let drawn = scheduler.marbleDiagram(of: events)

        XCTAssertEqual(try scheduler.marbleEvents(drawn), [.next(100, "b"), .next(300, "a")])
    }

    func testABackwardsSubscriptionIsDrawnBackwards() {
        XCTAssertEqual(
            scheduler.marbleDiagram(of: Subscription(300, 100), subscribed: 0), "----------!-------------------^")
    }

    func testTimesAtTheEndsOfTheClockAreDrawnWithoutTrapping() throws {
        let early: [Recorded<Event<String>>] = [.next(.min, "a"), .next(200, "b")]
        let late: [Recorded<Event<String>>] = [.next(.max, "a"), .completed(.max)]

        XCTAssertFalse(scheduler.marbleDiagram(of: early).isEmpty)
        XCTAssertFalse(scheduler.marbleDiagram(of: [.next(.min, "a"), .next(.max, "b")]).isEmpty)
        XCTAssertEqual(try scheduler.marbleEvents(scheduler.marbleDiagram(of: late)), late)
    }

    /// Random event lists, drawn and read back: a seeded property test. The expected read-back
    /// follows from the rule the drawing promises: an event with no other mark within a frame
    /// on either side reads back exactly, and every event reads back less than a frame off, in
    /// the same order, with the same value.
    func testRandomEventListsReadBackAsTheDrawingRulePromises() throws {
        for seed in UInt64(1)...400 {
            var random = SplitMix64(seed: seed)
            let ticksPerFrame = [1, 2, 5, 10][Int(random.next() % 4)]
            let scheduler = TestScheduler(initialClock: 0, ticksPerFrame: ticksPerFrame)
            let subscribed = 200
            let times = (0..<Int(random.next() % 8)).map { _ in 100 + Int(random.next() % 300) }.sorted()
            var events: [Recorded<Event<String>>] = times.map { time in
                .next(time, String("abcdefgh".randomElement(using: &random)!))
            }
            if random.next() % 3 == 0 {
                events.append(.completed((times.last ?? subscribed) + Int(random.next() % 30)))
            }

            let drawn = scheduler.marbleDiagram(of: events, subscribed: subscribed)
            let context = "seed \(seed), ticksPerFrame \(ticksPerFrame), events \(events), drawn \"\(drawn)\""
            let readBack = try scheduler.marbleEvents(drawn, subscribed: subscribed)

            XCTAssertEqual(readBack.map(\.value), events.map(\.value), context)
            guard readBack.count == events.count else { continue }
            var marked = events.map(\.time)
            if events.contains(where: { $0.time < subscribed }) {
                marked.append(subscribed)
            }
            for (event, back) in zip(events, readBack) {
                let isolated = !marked.contains { $0 != event.time && abs($0 - event.time) < ticksPerFrame }
                if isolated {
                    XCTAssertEqual(back.time, event.time, "an isolated event moved; \(context)")
                } else {
                    XCTAssertLessThan(abs(back.time - event.time), ticksPerFrame, context)
                }
            }
        }
    }
}
