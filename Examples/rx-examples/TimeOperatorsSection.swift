import Dispatch
import RxCore
import RxOperators
import RxTestSupport

/// `debounce` and `throttle` on a virtual timeline: someone typing into a search box.
let timeOperatorsSection = Section(
    name: "time",
    title: "debounce and throttle on a virtual timeline",
    summary: "debounce and throttle on someone typing, drawn as marble diagrams"
) {
    explain(
        "Someone types 'hello', pauses, then types 'world'; each frame of the diagrams is 100 ms.",
        "debounce(300 ms) waits for a pause of 300 ms and sends only the last key before it: the",
        "search runs once per word. throttle(300 ms) sends a key at once, then at most one per",
        "300 ms: with latest: true (the default) the last key of each window follows at its end;",
        "with latest: false the keys inside a window are dropped. All of it runs in no real time."
    )
    let typing = "--h-e-l-l-o------w-o-r-l-d-----|"
    show("typing                           \(typing)")
    let operators: [(String, (Observable<String>, TestScheduler) -> Observable<String>)] = [
        ("debounce(300 ms)", { $0.debounce(.milliseconds(300), scheduler: $1) }),
        ("throttle(300 ms)", { $0.throttle(.milliseconds(300), scheduler: $1) }),
        ("throttle(300 ms, latest: false)", { $0.throttle(.milliseconds(300), latest: false, scheduler: $1) }),
    ]
    for (name, apply) in operators {
        // One tick is 10 ms and a frame 10 ticks; each operator gets a fresh clock.
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.01)
        do {
            let keys = try scheduler.createHotObservable(typing)
            let result = scheduler.start { apply(keys.asObservable(), scheduler) }
            let padding = String(repeating: " ", count: max(1, 33 - name.count))
            show("\(name)\(padding)\(scheduler.marbleDiagram(of: result.events))")
        } catch {
            show("\(name): the diagram did not parse: \(error)")
        }
    }
    print()
}
