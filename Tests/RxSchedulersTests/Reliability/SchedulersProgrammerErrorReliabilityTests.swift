import Dispatch
import Foundation
import RxCore
import RxDisposables
import RxSchedulers
import RxTestSupport
import Testing

/// Misuse that the schedulers answer by stopping the program with a message naming the call
/// and the argument. Each misuse runs in a child process.
@Suite(.leakChecked)
struct SchedulersProgrammerErrorReliabilityTests {
    private static func message(_ result: ExitTest.Result?) -> String {
        String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    }

    @Test func advancingAVirtualClockBackwardsStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let scheduler = HistoricalScheduler(initialClock: Date(timeIntervalSince1970: 100))
            scheduler.advanceTo(Date(timeIntervalSince1970: 50))
        }
        #expect(Self.message(result).contains("VirtualTimeScheduler.advanceTo(_:): virtualTime"))
        #expect(Self.message(result).contains("is earlier than the clock"))
    }

    @Test func sleepingANegativeIntervalStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            HistoricalScheduler().sleep(-5)
        }
        #expect(
            Self.message(result).contains(
                "VirtualTimeScheduler.sleep(_:): virtualInterval -5.0 would move the clock back"))
    }

    @Test func advancingFromInsideARunningActionStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let scheduler = HistoricalScheduler()
            _ = scheduler.scheduleRelativeVirtual((), dueTime: 1) { _ in
                scheduler.advanceTo(Date(timeIntervalSince1970: 10))
                return Disposables.create()
            }
            scheduler.start()
        }
        #expect(
            Self.message(result).contains(
                "VirtualTimeScheduler.advanceTo(_:) was called while the scheduler is running"))
    }

    @Test func demandingTheMainQueueElsewhereStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            DispatchQueue(label: "elsewhere").sync {
                MainScheduler.ensureExecutingOnScheduler()
            }
        }
        #expect(
            Self.message(result).contains(
                "executing off the main queue; use MainScheduler.instance.schedule to move work to the main queue"))
    }

    @Test func demandingTheMainThreadElsewhereStopsWithTheGivenMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            DispatchQueue(label: "elsewhere").sync {
                MainScheduler.ensureRunningOnMainThread(errorMessage: "the view model must run on main")
            }
        }
        #expect(Self.message(result).contains("RxSwiftModular: the view model must run on main"))
    }
}
