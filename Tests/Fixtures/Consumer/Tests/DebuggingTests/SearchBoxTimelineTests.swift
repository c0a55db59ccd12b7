import Debugging
import Dispatch
import Foundation
import RxDiagrams
import RxOperators
import RxTestSupport
import Synchronization
import Testing

/// The search service in virtual time: it answers `latency` ticks after each request, unless
/// the request is cancelled first.
final class ScheduledSearchService: SearchService {
    private let scheduler: TestScheduler
    private let latency: Int

    init(scheduler: TestScheduler, latency: Int) {
        self.scheduler = scheduler
        self.latency = latency
    }

    func search(_ query: String, completion: @escaping @Sendable ([String]) -> Void) -> any SearchRequest {
        let request = ScheduledRequest()
        _ = scheduler.scheduleRelative((), dueTime: .milliseconds(latency)) { _ in
            if !request.isCancelled {
                completion(["RxSwift", "RxSwiftExt"].filter { $0.lowercased().hasPrefix(query) })
            }
            return Disposables.create()
        }
        return request
    }
}

/// A request that remembers being cancelled.
final class ScheduledRequest: SearchRequest {
    private let cancelled = Atomic<Bool>(false)

    var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

    func cancel() { cancelled.store(true, ordering: .releasing) }
}

/// Docs/Debugging.md's search box recorded in virtual time, and its failing marble test.
@Suite(.leakChecked)
struct SearchBoxTimelineTests {
    @Test func theFirstSearchIsDisposedWhenTheSecondQueryArrives() throws {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        let timeline = Timeline(scheduler: scheduler)
        let typed = scheduler.createHotObservable([
            .next(300, "r"), .next(420, "rx"), .next(800, "rxs"), .next(900, "rxsw"), .next(1_000, "rxswift"),
        ])
        let service = ScheduledSearchService(scheduler: scheduler, latency: 900)

        let results = scheduler.start(disposed: 4_000) {
            searchResults(typed: typed.asObservable(), service: service, main: scheduler, timeline: timeline)
        }

        #expect(results.events == [.next(2_201, ["RxSwift", "RxSwiftExt"])])
        // The search for "rx" starts at 720 and is disposed at 1300, when "rxswift" arrives.
        let requests = timeline.snapshot().events.filter { $0.point == "request" }
        #expect(requests.map(\.time) == [720, 1_300, 1_300, 2_200, 2_200, 2_200])
        #expect(
            requests.map(\.kind) == [
                .subscribed, .disposed, .subscribed, .next(#"["RxSwift", "RxSwiftExt"]"#), .completed, .disposed,
            ])
        #expect(timeline.svg().contains("<desc id=\"desc\">typed: "))
    }

    @Test func theRecordingWritesAPage() throws {
        let timeline = Timeline()
        timeline.subscription(at: "typed").record(.next("r"))
        try saveSearchTimeline(timeline)
        let page = try String(contentsOfFile: "/tmp/search-timeline.html", encoding: .utf8)
        #expect(page.contains("<td>next(r)</td>"))
    }

    /// The guide's failing test, its wrong expectation kept: `debounce` waits from the last key.
    private func assertTypingIsDebounced() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let typed = try scheduler.createHotObservable("-a-b------c-d-e----|")
        let res = scheduler.start { typed.debounce(.seconds(30), scheduler: scheduler) }
        assertMarbles(res, "----b--------e-----|")
    }

    @Test func theGuidesFailingTestPointsAtItsPicture() throws {
        try withKnownIssue("the guide's test fails on purpose, to draw the difference") {
            try assertTypingIsDebounced()
        } matching: { issue in
            issue.comments.first?.rawValue.contains("\npicture of the difference: ") ?? false
        }
    }
}
