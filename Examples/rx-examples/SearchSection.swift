import Dispatch
import RxCore
import RxObservation
import RxOperators
import RxTestSupport

/// An `@Observable` search model whose query drives a debounced Rx search, in virtual time.
let searchSection = Section(
    name: "search",
    title: "an @Observable search model driving a debounced Rx search, both ways",
    summary: "Observation and Rx both ways: a model's query debounced into a search whose results land back in it"
) {
    explain(
        "The screen's state is an @Observable model. model.rx.observe(\\.query) turns the query into an",
        "observable (the value now, then one per change, read after the change lands); debounce waits",
        "for a pause in typing, flatMapLatest runs the search, and a Binder sets the results back on",
        "the model. On a TestScheduler (one tick = 100 ms), the user types \"sw\", \"swi\", pauses,",
        "types \"swift\", then clears the field; each search takes a second."
    )
    MainActor.assumeIsolated {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.1)
        let catalog = ["swift", "swiftui", "switch", "rxswift"]
        let model = SearchModel()
        let controller = SearchController(
            model: model,
            search: { query in
                .just(catalog.filter { $0.contains(query) }).delay(.seconds(1), scheduler: scheduler)
            },
            pause: .milliseconds(300), scheduler: scheduler)
        for (time, query) in [(10, "sw"), (12, "swi"), (30, "swift"), (60, "")] {
            scheduler.scheduleAt(time) {
                model.query = query
                show("t=\(time): typed \"\(query)\"")
            }
        }
        let results = model.rx.observe(\.results, scheduler: scheduler)
            .skip(1)
            .subscribe(onNext: { results in
                show("t=\(scheduler.clock): results \(results) (searches so far: \(model.searches))")
            })
        scheduler.start()
        results.dispose()
        withExtendedLifetime(controller) {}
    }
    print()
}
