import Dispatch
import Foundation
import RxCore
import RxDiagrams
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestSupport
import Synchronization

/// A search service with a callback API, as SDKs often have: it answers on a queue of its own
/// and returns a request that can be cancelled.
public protocol SearchService: Sendable {
    /// Starts a search for `query`; `completion` is called once, unless the request is cancelled.
    func search(_ query: String, completion: @escaping @Sendable ([String]) -> Void) -> any SearchRequest
}

/// A search in flight.
public protocol SearchRequest: Sendable {
    /// Stops the search; its completion is then never called.
    func cancel()
}

/// Docs/Debugging.md's search box, with a recording point after each step worth seeing: what
/// was typed, what `debounce` let through, each request, and what arrives on the main scheduler.
public enum SearchTimeline {
    /// The results for the queries typed, searched once per pause in typing, the latest search
    /// replacing one still in flight, delivered on `main` and shared: the guide's
    /// `searchResults(typed:service:main:timeline:)`, line for line.
    public static func results(
        typed: Observable<String>, service: any SearchService, main: any SchedulerType, timeline: Timeline
    ) -> Observable<[String]> {
        typed
            .debug("typed", into: timeline)
            .debounce(.milliseconds(300), scheduler: main)
            .debug("debounced", into: timeline)
            .flatMapLatest { query in
                Observable<[String]>.create { observer in
                    // The service calls back once, on its own queue: the observer's Sendable form.
                    let observer = observer.sendable
                    let request = service.search(query) { names in
                        observer.onNext(names)
                        observer.onCompleted()
                    }
                    return Disposables.create { request.cancel() }
                }
                .debug("request", into: timeline)
            }
            .observe(on: main)
            .debug("on main", into: timeline)
            .share(replay: 1)
    }

    /// What the user types, at milliseconds from the start: a first word, a pause long enough
    /// for a search, then more letters before that search answers, then a long pause (reading
    /// the results, until `lastWord`) and a last word.
    public static func keystrokes(lastWord: Int = 9_000) -> [(time: Int, text: String)] {
        [
            (0, "r"), (120, "rx"), (500, "rxs"), (600, "rxsw"), (700, "rxswi"), (800, "rxswif"), (900, "rxswift"),
            (lastWord, "rxswift 6"),
        ]
    }

    /// How long the service takes to answer, in milliseconds: longer than the pause after the
    /// first word, so the second search replaces the first before it answers.
    public static let latency = 900

    /// The names the services find for `query`.
    static func names(for query: String) -> [String] {
        let catalogue = ["RxSwift", "RxCocoa", "RxRelay", "RxBlocking", "RxTest", "RxSwiftExt", "RxDataSources"]
        let words = query.lowercased().split(separator: " ")
        return catalogue.filter { name in
            words.allSatisfy { name.lowercased().hasPrefix($0) || $0.allSatisfy(\.isNumber) }
        }
    }

    /// Runs the search box on a `TestScheduler` (one tick is a millisecond), the service
    /// answering ``latency`` ticks after each request, and returns the timeline it recorded.
    public static func recordInVirtualTime() -> Timeline {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        let timeline = Timeline(scheduler: scheduler)
        let typed = scheduler.createHotObservable(
            keystrokes().map { Recorded.next($0.time + 100, $0.text) } + [.completed(12_000)])
        let results = Self.results(
            typed: typed.asObservable(), service: VirtualSearchService(scheduler: scheduler, latency: latency),
            main: scheduler, timeline: timeline)
        scheduler.scheduleAt(50) {
            let list = results.debug("list", into: timeline).subscribe()
            let label = results.map { "\($0.count) found" }.debug("count label", into: timeline).subscribe()
            scheduler.scheduleAt(11_000) {
                list.dispose()
                label.dispose()
            }
        }
        scheduler.start()
        return timeline
    }
}

extension SearchTimeline {
    /// Runs the search box for real, on the calling thread, which must be the main thread: the
    /// keystrokes arrive on it as a text field's would, `debounce` and `observe(on:)` use
    /// `MainScheduler`, and the service answers on a queue of its own. The main run loop runs
    /// between keystrokes (so the main queue does), until every answer is in; returns the
    /// timeline recorded.
    ///
    /// - Parameter lastWord: when the last word is typed, in milliseconds from the start.
    public static func recordLive(lastWord: Int = 3_000) -> Timeline {
        let timeline = Timeline()
        let typed = PublishSubject<String>()
        let results = Self.results(
            typed: typed.asObservable(), service: LiveSearchService(), main: MainScheduler.instance,
            timeline: timeline)
        let list = results.debug("list", into: timeline).subscribe()
        let label = results.map { "\($0.count) found" }.debug("count label", into: timeline).subscribe()
        let start = Date()
        func wait(until milliseconds: Int) {
            RunLoop.main.run(until: start.addingTimeInterval(Double(milliseconds) / 1_000))
        }
        for keystroke in keystrokes(lastWord: lastWord) {
            wait(until: keystroke.time)
            typed.onNext(keystroke.text)
        }
        // The last search starts after the debounce and answers after the latency.
        wait(until: lastWord + 300 + latency + 300)
        list.dispose()
        label.dispose()
        return timeline
    }
}

/// The service on a dispatch queue of its own, as a real SDK's: it answers `latency`
/// milliseconds after each request, on that queue.
public final class LiveSearchService: SearchService {
    private let queue = DispatchQueue(label: "com.example.search")
    private let latency: Int

    /// A service answering after `latency` milliseconds.
    public init(latency: Int = SearchTimeline.latency) {
        self.latency = latency
    }

    /// Answers on the service's queue after the latency, unless cancelled first.
    public func search(_ query: String, completion: @escaping @Sendable ([String]) -> Void) -> any SearchRequest {
        let request = CancellableRequest()
        queue.asyncAfter(deadline: .now() + .milliseconds(latency)) {
            if !request.isCancelled {
                completion(SearchTimeline.names(for: query))
            }
        }
        return request
    }
}

/// The service in virtual time: it answers `latency` ticks after each request.
struct VirtualSearchService: SearchService {
    let scheduler: TestScheduler
    let latency: Int

    func search(_ query: String, completion: @escaping @Sendable ([String]) -> Void) -> any SearchRequest {
        let request = CancellableRequest()
        _ = scheduler.scheduleRelative((), dueTime: .milliseconds(latency)) { _ in
            if !request.isCancelled {
                completion(SearchTimeline.names(for: query))
            }
            return Disposables.create()
        }
        return request
    }
}

/// A request that remembers being cancelled.
final class CancellableRequest: SearchRequest {
    private let cancelled = Atomic<Bool>(false)

    var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

    func cancel() { cancelled.store(true, ordering: .releasing) }
}
