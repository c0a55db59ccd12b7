import Dispatch
import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestSupport

/// The timer pipeline again, on a `TestScheduler`, drawn as marble diagrams.
let virtualTimeSection = Section(
    name: "virtual",
    title: "the same pipeline in virtual time",
    summary: "the timer pipeline in virtual time, drawn as a marble diagram"
) {
    explain(
        "A TestScheduler is a clock that only moves when it has work: each action runs at its",
        "virtual time, instantly. Here one tick stands for 10 ms and one marble frame ('-' or a",
        "value) for 10 ticks, so the 700 ms of the timer section take no real time at all, and",
        "every event lands on an exact tick. Frame 0 is the subscription, at tick 200."
    )
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.01)
    let ticks = Observable<Int>.timer(.milliseconds(100), period: .milliseconds(200), scheduler: scheduler)
    let source = scheduler.createObserver(Int.self)
    scheduler.scheduleAt(TestScheduler.Defaults.subscribed) {
        let subscription = ticks.subscribe(source)
        scheduler.scheduleAt(300) { subscription.dispose() }
    }
    let result = scheduler.start { ticks.map { $0 * 10 }.take(4) }

    let digits: [Character: Int] = ["0": 0, "1": 1, "2": 2, "3": 3, "4": 4]
    let letters: [Character: Int] = ["a": 0, "b": 10, "c": 20, "d": 30]
    show("timer(100 ms, period: 200 ms)  \(scheduler.marbleDiagram(of: source.events, values: digits))")
    show(".map { $0 * 10 }.take(4)       \(scheduler.marbleDiagram(of: result.events, values: letters))")
    show("  where a = 0, b = 10, c = 20, d = 30; (d|) is d and completion in the same frame")
    show("recorded: \(result.events.map(\.debugDescription).joined(separator: ", "))")
    print()
}
