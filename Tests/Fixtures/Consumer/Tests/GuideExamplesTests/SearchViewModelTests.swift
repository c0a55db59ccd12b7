import GuideExamples
import RxBlocking
import RxCore
import RxOperators
import RxRelay
import RxTestSupport
import XCTest

final class SearchViewModelTests: RxTestCase {
    // `async`: on Linux, XCTest cannot run a synchronous `@MainActor` test method.
    @MainActor
    func testSearchesOncePerPauseInTyping() async {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        var searched: [String] = []
        let model = SearchViewModel(
            search: { query in
                searched.append(query)
                return .just(["\(query) 1", "\(query) 2"])
            },
            scheduler: scheduler)

        scheduler.scheduleAt(100) { model.query.accept("r") }
        scheduler.scheduleAt(200) { model.query.accept("rx") }
        scheduler.start()

        XCTAssertEqual(searched, ["rx"])
        XCTAssertEqual(model.results, ["rx 1", "rx 2"])
    }

    @MainActor
    func testTheLatestResultsAwaitedAndBlockedFor() async throws {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        let model = SearchViewModel(search: { .just([$0.uppercased()]) }, scheduler: scheduler)
        model.query.accept("rx")
        scheduler.advanceTo(1000)

        // `values` subscribes at once, and `share(replay: 1)` replays the latest results.
        var updates = model.resultUpdates.values.makeAsyncIterator()
        let awaited = try await updates.next()
        // RxBlocking waits on the calling thread; here the answer is there at once.
        let blockedFor = try model.resultUpdates.toBlocking(timeout: 1).first()

        XCTAssertEqual(awaited, ["RX"])
        XCTAssertEqual(blockedFor, ["RX"])
    }
}
