import Foundation
import RxCore
import RxObservation
import RxOperators
import RxTestSupport
import XCTest

@testable import rx_examples

/// The tour's search model in virtual time (one tick is 100 ms): typing, pausing, searching and
/// the results landing back in the model.
final class SearchModelTests: RxTestCase {
    func testASearchRunsOncePerPauseInTypingAndItsResultsLandInTheModel() {
        // XCTest runs its tests on the main thread, where the model lives.
        MainActor.assumeIsolated {
            let scheduler = TestScheduler(initialClock: 0, resolution: 0.1)
            let service = SearchService(scheduler: scheduler)
            let model = SearchModel()
            let controller = SearchController(
                model: model, search: service.search, pause: .milliseconds(300), scheduler: scheduler)
            scheduler.scheduleAt(10) { model.query = "s" }
            scheduler.scheduleAt(12) { model.query = "sw" }
            scheduler.scheduleAt(14) { model.query = "swi " }

            let res = scheduler.start(created: 0, subscribed: 0, disposed: 100) {
                model.rx.observe(\.results, scheduler: scheduler)
            }

            // Read at 15, quiet by 18, found at 28, set at 29, read back at 30.
            XCTAssertEqual(res.events, [.next(1, []), .next(30, ["swift", "swiftui", "switch", "rxswift"])])
            XCTAssertEqual(service.queries, ["swi"])
            XCTAssertEqual(model.searches, 1)
            withExtendedLifetime(controller) {}
        }
    }

    func testANewQueryCancelsTheSearchUnderWayAndAnEmptyOneClearsTheResults() {
        MainActor.assumeIsolated {
            let scheduler = TestScheduler(initialClock: 0, resolution: 0.1)
            let service = SearchService(scheduler: scheduler)
            let model = SearchModel()
            let controller = SearchController(
                model: model, search: service.search, pause: .milliseconds(300), scheduler: scheduler)
            scheduler.scheduleAt(10) { model.query = "rx" }  // searched at 14, cancelled at 19
            scheduler.scheduleAt(15) { model.query = "swiftui" }  // searched at 19, found at 29
            scheduler.scheduleAt(40) { model.query = "" }  // no search: cleared at 44

            let res = scheduler.start(created: 0, subscribed: 0, disposed: 100) {
                model.rx.observe(\.results, scheduler: scheduler)
            }

            XCTAssertEqual(res.events, [.next(1, []), .next(31, ["swiftui"]), .next(46, [])])
            XCTAssertEqual(service.queries, ["rx", "swiftui"])
            withExtendedLifetime(controller) {}
        }
    }

    func testAFailedSearchShowsNothingAndTheNextOneStillRuns() {
        MainActor.assumeIsolated {
            let scheduler = TestScheduler(initialClock: 0, resolution: 0.1)
            let service = SearchService(scheduler: scheduler, failing: ["oops"])
            let model = SearchModel()
            let controller = SearchController(
                model: model, search: service.search, pause: .milliseconds(300), scheduler: scheduler)
            scheduler.scheduleAt(10) { model.query = "swift" }
            scheduler.scheduleAt(40) { model.query = "oops" }  // fails at 44: `delay` passes errors at once
            scheduler.scheduleAt(70) { model.query = "rx" }

            let res = scheduler.start(created: 0, subscribed: 0, disposed: 100) {
                model.rx.observe(\.results, scheduler: scheduler)
            }

            XCTAssertEqual(
                res.events,
                [.next(1, []), .next(26, ["swift", "swiftui", "rxswift"]), .next(46, []), .next(86, ["rxswift"])])
            withExtendedLifetime(controller) {}
        }
    }
}

/// A search service in virtual time: the catalog entries containing the query, a second later.
final class SearchService {
    private let scheduler: TestScheduler
    private let failing: Set<String>
    private let catalog = ["swift", "swiftui", "switch", "rxswift"]
    /// The queries searched, in order.
    private(set) var queries: [String] = []

    init(scheduler: TestScheduler, failing: Set<String> = []) {
        self.scheduler = scheduler
        self.failing = failing
    }

    func search(_ query: String) -> Observable<[String]> {
        queries.append(query)
        if failing.contains(query) {
            return Observable.error(SearchFailed()).delay(.seconds(1), scheduler: scheduler)
        }
        return .just(catalog.filter { $0.contains(query) }).delay(.seconds(1), scheduler: scheduler)
    }
}

/// What the failing service sends.
struct SearchFailed: Error {}
