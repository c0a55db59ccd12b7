import Foundation
import RxCore
import RxObservation
import RxOperators
import RxTestSupport
import Testing

@testable import rx_examples

/// The tour's search model with Swift Testing: the same story, on the main actor, in virtual time.
@Suite(.leakChecked)
@MainActor
struct SearchModelSwiftTestingTests {
    @Test func typingThenPausingSearchesOnceAndTheResultsLandInTheModel() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.1)
        let service = SearchService(scheduler: scheduler)
        let model = SearchModel()
        let controller = SearchController(
            model: model, search: service.search, pause: .milliseconds(300), scheduler: scheduler)
        scheduler.scheduleAt(10) { model.query = "s" }
        scheduler.scheduleAt(12) { model.query = "sw" }
        scheduler.scheduleAt(14) { model.query = "swi" }
        scheduler.scheduleAt(60) { model.query = "" }

        let res = scheduler.start(created: 0, subscribed: 0, disposed: 100) {
            model.rx.observe(\.results, scheduler: scheduler)
        }

        #expect(res.events == [.next(1, []), .next(30, ["swift", "swiftui", "switch", "rxswift"]), .next(66, [])])
        #expect(service.queries == ["swi"])
        #expect(model.searches == 1)
        withExtendedLifetime(controller) {}
    }

    @Test(arguments: ["swift", "SWIFT", "  swift  "])
    func theQueryIsTrimmedBeforeItIsSearched(typed: String) {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.1)
        let service = SearchService(scheduler: scheduler)
        let model = SearchModel()
        let controller = SearchController(
            model: model, search: service.search, pause: .milliseconds(300), scheduler: scheduler)
        scheduler.scheduleAt(10) { model.query = typed }
        scheduler.start()

        #expect(service.queries == [typed.trimmingCharacters(in: .whitespaces)])
        withExtendedLifetime(controller) {}
    }
}
