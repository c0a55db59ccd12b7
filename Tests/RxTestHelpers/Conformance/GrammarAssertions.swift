import RxCore
import RxDisposables
import RxTestSupport
import Testing

// The event grammar, `next* (error | completed)?`, checked on each row of a conformance table:
// whatever its sources do, an operator sends nothing after its terminal event, and nothing after
// its subscription is disposed.

/// Checks an operator that passes its source's elements through on a source that breaks the
/// grammar, an `UnguardedSource` sending 1 (210), completion (220), then 2 (230), an error (240)
/// and completion again (250): the subscriber sees the element and one completion, moved by
/// `delay`, and nothing else; disposed at 215 instead, it sees the element alone, although the
/// source keeps sending to it.
func assertGrammar(
    passingThrough name: String, deliveredLateBy delay: TestTime, around environment: ConformanceRow.Environment,
    at location: SourceLocation, _ apply: @escaping (Observable<Int>, TestScheduler) -> Observable<Int>
) {
    let breakingTheGrammar: [Recorded<Event<Int>>] = [
        .next(210, 1), .completed(220), .next(230, 2), .error(240, GrammarTestError.afterTheEnd), .completed(250),
    ]
    for disposal: TestTime in [1000, 215] {
        let scheduler = TestScheduler(initialClock: 0)
        let source = UnguardedSource(scheduler: scheduler, events: breakingTheGrammar)
        var events: [Recorded<Event<Int>>] = []
        environment(scheduler) {
            events =
                scheduler.start(created: 100, subscribed: 200, disposed: disposal) {
                    apply(source.asObservable(), scheduler)
                }.events
        }
        source.forget()
        let expected: [Recorded<Event<Int>>] =
            disposal == 1000 ? [.next(210 + delay, 1), .completed(220 + delay)] : [.next(210 + delay, 1)]
        #expect(
            events == expected, "\(name) on a source that sends after its end, disposed at \(disposal)",
            sourceLocation: location)
    }
}

/// Checks a sequence made by `make`, subscribed at 200 and disposed at 1000: what it sends keeps
/// the grammar, at most one terminal event, and it last.
func assertGrammar<Element>(
    creating name: String, around environment: ConformanceRow.Environment, at location: SourceLocation,
    _ make: @escaping (TestScheduler) -> Observable<Element>
) {
    let scheduler = TestScheduler(initialClock: 0)
    var events: [Recorded<Event<Element>>] = []
    environment(scheduler) {
        events = scheduler.start(created: 100, subscribed: 200, disposed: 1000) { make(scheduler) }.events
    }
    let terminals = events.indices.filter { events[$0].value.isStopEvent }
    #expect(
        terminals.isEmpty || terminals == [events.count - 1],
        "\(name) sent \(events.map { "\($0)" }.joined(separator: ", ")): an event after a terminal one",
        sourceLocation: location)
}

/// The error an `UnguardedSource` sends after it has already completed.
enum GrammarTestError: Error {
    case afterTheEnd
}

/// A source with no framework code between it and the operator under test: it keeps every
/// observer it was ever subscribed with, and sends each of its events at its virtual time to all
/// of them, after a terminal event and after disposal alike. ``forget()`` lets go of them.
final class UnguardedSource<Element>: Observable<Element> {
    private var observers: [AnyObserver<Element>] = []

    init(scheduler: TestScheduler, events: [Recorded<Event<Element>>]) {
        super.init()
        for recorded in events {
            scheduler.scheduleAt(recorded.time) { [weak self] in
                for observer in self?.observers ?? [] {
                    observer.on(recorded.value)
                }
            }
        }
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
    where Observer.Element == Element {
        observers.append(AnyObserver(observer))
        return Disposables.create()
    }

    /// Lets go of the observers, so that the sinks of the operator under test can be released.
    func forget() {
        observers.removeAll()
    }
}
