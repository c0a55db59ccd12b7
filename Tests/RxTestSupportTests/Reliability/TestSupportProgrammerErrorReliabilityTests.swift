import RxCore
import RxTestSupport
import Testing

/// Arguments a test scheduler cannot work with stop the program with a message naming them.
/// Each misuse runs in a child process.
@Suite(.leakChecked)
struct TestSupportProgrammerErrorReliabilityTests {
    private static func message(_ result: ExitTest.Result?) -> String {
        String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    }

    @Test func aZeroFrameLengthStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = TestScheduler(initialClock: 0, ticksPerFrame: 0)
        }
        #expect(Self.message(result).contains("TestScheduler: ticksPerFrame must be positive, got 0"))
    }

    @Test func aZeroResolutionStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = TestScheduler(initialClock: 0, resolution: 0)
        }
        #expect(
            Self.message(result).contains(
                "TestSchedulerVirtualTimeConverter: resolution must be a positive number of seconds, got 0.0"))
    }

    @Test func subscribingBeforeCreatingStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let scheduler = TestScheduler(initialClock: 0)
            _ = scheduler.start(created: 300, subscribed: 200, disposed: 1000) {
                scheduler.createColdObservable([.completed(10, Int.self)])
            }
        }
        #expect(
            Self.message(result).contains(
                "TestScheduler.start: created (300) must not be later than subscribed (200)"))
    }

    @Test func disposingBeforeSubscribingStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let scheduler = TestScheduler(initialClock: 0)
            _ = scheduler.start(created: 100, subscribed: 200, disposed: 150) {
                scheduler.createColdObservable([.completed(10, Int.self)])
            }
        }
        #expect(
            Self.message(result).contains(
                "TestScheduler.start: subscribed (200) must not be later than disposed (150)"))
    }
}
