import RxDiagrams
import RxTestSupport
import Testing

/// Arguments a picture or a timeline cannot work with stop the program with a message naming
/// them. Each misuse runs in a child process.
@Suite(.leakChecked)
struct DiagramsBadInputReliabilityTests {
    private static func message(_ result: ExitTest.Result?) -> String {
        String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    }

    @Test func aTimelineWithoutCapacityStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Timeline(capacity: 0)
        }
        #expect(Self.message(result).contains("Timeline: capacity must be positive, got 0"))
    }

    @Test func aDiagramWithoutFramesStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = MarbleDiagram(call: "map", ticksPerFrame: 0, lines: [])
        }
        #expect(Self.message(result).contains("MarbleDiagram: ticksPerFrame must be positive, got 0"))
    }

    @Test func aTimelineOfOneEventPerSubscriptionAtTheClocksEndsDraws() {
        let timeline = Timeline(clock: .virtual { .max })
        timeline.subscription(at: "late").record(.next("x"))
        let other = Timeline(clock: .virtual { .min })
        other.subscription(at: "early").record(.completed)
        #expect(timeline.svg().contains("data-t=\"\(Int.max)\""))
        #expect(other.svg().contains("data-t=\"\(Int.min)\""))
    }
}
