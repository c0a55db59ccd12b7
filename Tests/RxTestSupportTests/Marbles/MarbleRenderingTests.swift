import RxCore
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

final class MarbleRenderingTests: RxTestCase {
    private let values: [Character: Int] = ["a": 1, "b": 2, "c": 3, "5": 5, "f": 6]

    /// Diagrams already in the renderer's form come back character for character.
    func testCanonicalDiagramsRoundTrip() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let diagrams = [
            "", "a", "--a--b--|", "-(ab)-c", "a-^-b-|", "a 3t b", "#", "-(a|)", "--|-a", " 25f a",
            "- 5t a-- 2t b", "(5)f", "5-f",
        ]
        for diagram in diagrams {
            let events = try scheduler.marbleEvents(diagram, values: values, error: TestError.boom)
            XCTAssertEqual(scheduler.marbleDiagram(of: events, values: values), diagram, "diagram \"\(diagram)\"")
        }
    }

    /// Any diagram, rendered and parsed again, means the same events.
    func testRenderedDiagramsMeanTheSameEvents() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let diagrams = [
            "  -a  -b", "a 5f b", "(^a)-b", "---^--a", "-a 12t (bc) 40f |", "(ab) 1.5f c", "(^#)",
            "--a--b--c--a--b--c--a--|",
        ]
        for diagram in diagrams {
            let events = try scheduler.marbleEvents(diagram, values: values, error: TestError.boom)
            let rendered = scheduler.marbleDiagram(of: events, values: values)
            XCTAssertEqual(
                try scheduler.marbleEvents(rendered, values: values, error: TestError.boom), events,
                "diagram \"\(diagram)\" rendered as \"\(rendered)\"")
        }
    }

    func testRecordedEventsBetweenFramesAreDrawnExactly() {
        let scheduler = TestScheduler(initialClock: 0)
        XCTAssertEqual(scheduler.marbleDiagram(of: [.next(215, 1), .completed(237)], values: values), "- 5t a- 2t |")
        XCTAssertEqual(scheduler.marbleDiagram(of: [.next(200, 1), .next(600, 2)], values: values), "a 39f b")
    }

    func testEventsCloserThanAFrameShareItsCell() {
        let scheduler = TestScheduler(initialClock: 0)
        XCTAssertEqual(scheduler.marbleDiagram(of: [.next(200, 1), .next(205, 2)], values: values), "(ab)")
    }

    func testValuesWithoutKeyAreQuestionMarks() {
        let scheduler = TestScheduler(initialClock: 0)
        XCTAssertEqual(scheduler.marbleDiagram(of: [.next(210, 1), .next(220, 42)], values: values), "-a?")
        XCTAssertEqual(scheduler.marbleDiagram(of: [Recorded.next(210, "x"), .next(220, "long")]), "-x?")
    }

    func testIntegerElementsFromZeroToNineAreDrawnAsTheirDigit() {
        let scheduler = TestScheduler(initialClock: 0)
        XCTAssertEqual(
            scheduler.marbleDiagram(of: [.next(210, 1), .next(220, 0), .next(230, 12), .completed(240)]), "-10?|")
        XCTAssertEqual(scheduler.marbleDiagram(of: [Recorded.next(200, UInt8(9))]), "9")
        XCTAssertEqual(
            scheduler.marbleDiagram(of: [.next(200, 1), .next(210, 2)], values: ["x": 1, "2": 20]), "x?",
            "a key for the element wins, and a digit the table uses for something else is not drawn")
    }

    func testEventsBeforeTheSubscriptionBringInTheCaret() {
        let scheduler = TestScheduler(initialClock: 0)
        XCTAssertEqual(scheduler.marbleDiagram(of: [.next(175, 1), .next(210, 2)], values: values), " 5t a- 5t ^b")
    }

    func testSubscriptionsRender() {
        let scheduler = TestScheduler(initialClock: 0)
        XCTAssertEqual(scheduler.marbleDiagram(of: Subscription(200, 1000)), "^ 79f !")
        XCTAssertEqual(scheduler.marbleDiagram(of: Subscription(220)), "--^")
        XCTAssertEqual(scheduler.marbleDiagram(of: Subscription(200, 200)), "(^!)")
        XCTAssertEqual(scheduler.marbleDiagram(of: Subscription(200, 230)), "^--!")
    }
}
