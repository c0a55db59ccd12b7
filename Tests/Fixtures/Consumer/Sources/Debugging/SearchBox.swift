import Dispatch
import RxCore
import RxDiagrams
import RxDisposables
import RxOperators
import RxSchedulers

/// A search SDK with a callback API, as many are: it answers later, on a queue of its own, and
/// returns a request that can be cancelled.
public protocol SearchService: Sendable {
    /// Starts a search; `completion` is called once, unless the request is cancelled first.
    func search(_ query: String, completion: @escaping @Sendable ([String]) -> Void) -> any SearchRequest
}

/// A search in flight.
public protocol SearchRequest: Sendable {
    /// Stops the search: its completion is then never called.
    func cancel()
}

/// Docs/Debugging.md's search box: a search per pause in typing, the latest replacing one in
/// flight, delivered on `main` and shared, with a recording point after each step.
public func searchResults(
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

/// Writes what `timeline` recorded as a page to open in a browser.
public func saveSearchTimeline(_ timeline: Timeline) throws {
    try timeline.write(to: "/tmp/search-timeline.html")
}
