import Dispatch
import RxCore
import RxDisposables
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

@testable import RxOperators

/// Disposal at every awkward moment, for every operator: twice, before the first event, after
/// the last, from another thread and from inside a delivery; plus the `.never` period and
/// reentrant subscription. Each case states the exact events (with virtual times) a user sees.
final class OperatorBadInputReliabilityTests: RxTestCase {
    /// The operators that pass a source's elements through unchanged, each applied to `source`.
    private func passThroughOperators(_ scheduler: TestScheduler) -> [(
        name: String, apply: (Observable<Int>) -> Observable<Int>
    )] {
        [
            ("map", { $0.map { $0 } }),
            ("filter", { $0.filter { _ in true } }),
            ("compactMap", { $0.compactMap { $0 } }),
            ("scan", { $0.scan(0) { _, element in element } }),
            ("groupBy", { $0.groupBy { _ in 0 }.flattenedGroups() }),
            ("take", { $0.take(10) }),
            ("take(while:)", { $0.take(while: { _ in true }) }),
            ("skip", { $0.skip(0) }),
            ("do", { $0.do(onNext: { _ in }, onDispose: {}) }),
            ("debug", { $0.debug("reliability", trimOutput: false, file: "", line: 0, function: "") { _ in } }),
            ("deferred", { source in Observable.deferred { source } }),
            ("create", { source in Observable.create { observer in source.subscribe(observer) } }),
            ("subscribe(on:)", { $0.subscribe(on: scheduler) }),
            ("observe(on:)", { $0.observe(on: scheduler) }),
            ("distinctUntilChanged", { $0.distinctUntilChanged() }),
            ("distinctUntilChanged(_:comparer:)", { $0.distinctUntilChanged({ $0 }, comparer: ==) }),
            ("skip(while:)", { $0.skip(while: { _ in false }) }),
            ("single", { $0.single() }),
            ("ifEmpty(default:)", { $0.ifEmpty(default: 0) }),
            ("ifEmpty(switchTo:)", { $0.ifEmpty(switchTo: .never()) }),
            ("withUnretained", { $0.withUnretained(scheduler) { _, element in element } }),
            ("materialize().dematerialize()", { $0.materialize().dematerialize() }),
            ("enumerated", { $0.enumerated().map(\.element) }),
            ("catch", { $0.catch { _ in .never() } }),
            ("catchAndReturn", { $0.catchAndReturn(0) }),
            ("catch(sequence:)", { source in Observable.catch(sequence: [source, .never()]) }),
            ("retry", { $0.retry() }),
            ("retry(_:)", { $0.retry(2) }),
            ("retry(when:)", { $0.retry(when: { (errors: Observable<any Error>) in errors }) }),
            ("using", { source in Observable.using({ BooleanDisposable() }, observableFactory: { _ in source }) }),
            ("startWith", { $0.startWith() }),
            ("take(until:)", { $0.take(until: Observable<Int>.never()) }),
            ("take(until:behavior:)", { $0.take(until: { _ in false }) }),
            ("skip(until:)", { $0.skip(until: Observable.just(0)) }),
            ("amb", { $0.amb(Observable<Int>.never()) }),
            (
                "combineLatest",
                { source in Observable.combineLatest(source, Observable.just(0)) { element, _ in element } }
            ),
            ("combineLatest(collection)", { source in Observable.combineLatest([source]) { $0[0] } }),
            ("zip", { source in Observable.zip(source, Observable.from(Array(0..<100))) { element, _ in element } }),
            ("zip(collection)", { source in Observable.zip([source]) { $0[0] } }),
            ("withLatestFrom", { $0.withLatestFrom(Observable.just(0)) { element, _ in element } }),
            ("merge", { source in Observable.merge(source, .empty()) }),
            ("merge()", { Observable.just($0).merge() }),
            ("merge(maxConcurrent:)", { Observable.of($0, .empty()).merge(maxConcurrent: 1) }),
            ("flatMap", { source in Observable.just(0).flatMap { _ in source } }),
            ("flatMapFirst", { source in Observable.just(0).flatMapFirst { _ in source } }),
            ("concat", { source in Observable.concat(source, .empty()) }),
            ("concat(_:)", { $0.concat(Observable.empty()) }),
            ("concat()", { Observable.of($0, .empty()).concat() }),
            ("concatMap", { source in Observable.just(0).concatMap { _ in source } }),
            ("flatMapLatest", { source in Observable.just(0).flatMapLatest { _ in source } }),
            ("switchLatest", { Observable.just($0).switchLatest() }),
            ("throttle", { $0.throttle(.seconds(5), scheduler: scheduler) }),
            ("take(for:)", { $0.take(for: .seconds(1_000), scheduler: scheduler) }),
            ("skip(_:scheduler:)", { $0.skip(.seconds(0), scheduler: scheduler) }),
            ("delaySubscription", { $0.delaySubscription(.seconds(0), scheduler: scheduler) }),
            // A buffer of one passes each element on as it comes; the empty last one is dropped.
            ("buffer", { $0.buffer(timeSpan: .never, count: 1, scheduler: scheduler).compactMap(\.first) }),
            ("window", { $0.window(timeSpan: .never, count: 2, scheduler: scheduler).merge() }),
            ("delay", { $0.delay(.seconds(1), scheduler: scheduler) }),
            ("timeout", { $0.timeout(.seconds(1_000), scheduler: scheduler) }),
            ("timeout(_:other:)", { $0.timeout(.seconds(1_000), other: Observable.never(), scheduler: scheduler) }),
        ]
    }

    /// Subscribes at 200 and disposes twice at each time in `disposeAt`, on this thread or on
    /// another one while the scheduler waits; returns what the subscriber saw.
    private func run(
        _ scheduler: TestScheduler, source: @escaping () -> Observable<Int>, disposeAt times: [TestTime],
        fromAnotherThread: Bool = false
    ) -> (events: [Recorded<Event<Int>>], disposedCount: Int) {
        let observer = scheduler.createObserver(Int.self)
        let disposals = Counter()
        var subscription: (any Disposable)?
        scheduler.scheduleAt(200) {
            subscription = source().subscribe(
                onNext: { observer.onNext($0) }, onError: { observer.onError($0) },
                onCompleted: { observer.onCompleted() }, onDisposed: { disposals.increment() })
        }
        for time in times {
            scheduler.scheduleAt(time) {
                guard let current = subscription else { return }
                if fromAnotherThread {
                    let handle = UncheckedSendable(current)
                    let done = DispatchSemaphore(value: 0)
                    DispatchQueue.global().async {
                        handle.value.dispose()
                        handle.value.dispose()
                        done.signal()
                    }
                    _ = done.wait(timeout: .now() + 5)
                } else {
                    current.dispose()
                    current.dispose()
                }
            }
        }
        scheduler.start()
        subscription = nil
        return (observer.events, disposals.value)
    }

    func testEveryPassThroughOperatorDisposedTwiceMidStreamStopsAtOnce() {
        for fromAnotherThread in [false, true] {
            for index in passThroughOperators(TestScheduler(initialClock: 0)).indices {
                let scheduler = TestScheduler(initialClock: 0)
                let (name, apply) = passThroughOperators(scheduler)[index]
                let xs = scheduler.createHotObservable([
                    .next(210, 1), .next(220, 2), .next(230, 3), .completed(300),
                ])
                let outcome = run(
                    scheduler, source: { apply(xs.asObservable()) }, disposeAt: [215, 216],
                    fromAnotherThread: fromAnotherThread)
                let context = "\(name), from another thread: \(fromAnotherThread)"

                let delay = name == "observe(on:)" || name == "delay" ? 1 : 0
                XCTAssertEqual(outcome.events, [.next(210 + delay, 1)], context)
                XCTAssertEqual(outcome.disposedCount, 1, context)
                // subscribe(on:) subscribes and unsubscribes on the scheduler, a tick late;
                // delaySubscription subscribes a tick late and unsubscribes at once.
                let subscribed =
                    switch name {
                    case "subscribe(on:)": Subscription(201, 216)
                    case "delaySubscription": Subscription(201, 215)
                    default: Subscription(200, 215)
                    }
                XCTAssertEqual(xs.subscriptions, [subscribed], context)
            }
        }
    }

    func testEveryPassThroughOperatorDisposedBeforeItsFirstEventSendsNothing() {
        for index in passThroughOperators(TestScheduler(initialClock: 0)).indices {
            let scheduler = TestScheduler(initialClock: 0)
            let (name, apply) = passThroughOperators(scheduler)[index]
            let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
            let outcome = run(scheduler, source: { apply(xs.asObservable()) }, disposeAt: [200])

            XCTAssertEqual(outcome.events, [], name)
            XCTAssertEqual(outcome.disposedCount, 1, name)
            let subscribesLater = name == "subscribe(on:)" || name == "delaySubscription"
            let expected = subscribesLater ? [] : [Subscription(200, 200)]
            XCTAssertEqual(
                xs.subscriptions, expected,
                "\(name): a subscribe(on:) or delaySubscription disposed first never subscribes")
        }
    }

    func testEveryPassThroughOperatorDisposedAfterItCompletedDoesNothingMore() {
        for index in passThroughOperators(TestScheduler(initialClock: 0)).indices {
            let scheduler = TestScheduler(initialClock: 0)
            let (name, apply) = passThroughOperators(scheduler)[index]
            let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
            let outcome = run(scheduler, source: { apply(xs.asObservable()) }, disposeAt: [400, 500])

            let delay = name == "observe(on:)" || name == "delay" ? 1 : 0
            XCTAssertEqual(outcome.events, [.next(210 + delay, 1), .completed(300 + delay)], name)
            XCTAssertEqual(outcome.disposedCount, 1, name)
            let subscribesLater = name == "subscribe(on:)" || name == "delaySubscription"
            let ended = subscribesLater ? Subscription(201, 300) : Subscription(200, 300)
            XCTAssertEqual(xs.subscriptions, [ended], name)
        }
    }

    func testEveryCreationOperatorDisposedTwiceFromAnotherThreadStopsAtOnce() {
        let cases: [(name: String, make: (TestScheduler) -> Observable<Int>, events: [Recorded<Event<Int>>])] = [
            ("of", { Observable.of(1, 2, 3, scheduler: $0) }, [.next(201, 1)]),
            ("from(array)", { Observable.from([1, 2, 3], scheduler: $0) }, [.next(201, 1)]),
            ("from(sequence)", { Observable.from(1..., scheduler: $0) }, [.next(201, 1)]),
            ("range", { Observable.range(start: 1, count: 3, scheduler: $0) }, [.next(201, 1)]),
            ("just(scheduler:)", { Observable.just(1, scheduler: $0) }, [.next(201, 1)]),
            ("from(optional:scheduler:)", { Observable.from(optional: 1, scheduler: $0) }, [.next(201, 1)]),
            ("timer", { Observable<Int>.timer(.seconds(1), scheduler: $0) }, [.next(201, 0), .completed(201)]),
            (
                "timer(period:)", { Observable<Int>.timer(.seconds(1), period: .seconds(1), scheduler: $0) },
                [.next(201, 0)]
            ),
            ("interval", { Observable<Int>.interval(.seconds(1), scheduler: $0) }, [.next(201, 0)]),
            ("of (trampoline)", { _ in Observable.of(1, 2) }, [.next(200, 1), .next(200, 2), .completed(200)]),
            ("just", { _ in Observable.just(1) }, [.next(200, 1), .completed(200)]),
            ("from(optional:)", { _ in Observable.from(optional: 1) }, [.next(200, 1), .completed(200)]),
            ("empty", { _ in Observable.empty() }, [.completed(200)]),
            ("error", { _ in Observable.error(TestError.boom) }, [.error(200, TestError.boom)]),
            ("never", { _ in Observable.never() }, []),
            ("deferred", { _ in Observable.deferred { .never() } }, []),
            ("repeatElement", { Observable.repeatElement(1, scheduler: $0) }, [.next(201, 1)]),
            (
                "generate",
                { Observable.generate(initialState: 1, condition: { _ in true }, scheduler: $0, iterate: { $0 + 1 }) },
                [.next(201, 1)]
            ),
            (
                "retry (failing at once)", { _ in Observable<Int>.error(TestError.boom).retry(3) },
                [.error(200, TestError.boom)]
            ),
            (
                "catch(sequence:) (failing at once)",
                { _ in Observable.catch(sequence: [Observable<Int>.error(TestError.boom), .just(1)]) },
                [.next(200, 1), .completed(200)]
            ),
            (
                "using (never)",
                { _ in Observable<Int>.using({ BooleanDisposable() }, observableFactory: { _ in .never() }) }, []
            ),
            (
                "create",
                { _ in
                    Observable.create { observer in
                        observer.onNext(1)
                        return Disposables.create()
                    }
                }, [.next(200, 1)]
            ),
        ]
        for (name, make, events) in cases {
            let scheduler = TestScheduler(initialClock: 0)
            let outcome = run(scheduler, source: { make(scheduler) }, disposeAt: [202, 203], fromAnotherThread: true)

            XCTAssertEqual(outcome.events, events, name)
            XCTAssertEqual(outcome.disposedCount, 1, name)
        }
    }

    func testATimerWithANeverPeriodFiresOnceAndNeverCompletes() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Int>.timer(.seconds(30), period: .never, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(230, 0)])
    }

    func testNeverTimesOnADispatchSchedulerHoldOnlyTheSubscriptionUntilDisposed() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "reliability.never")
        let probe = DeliveryProbe<Int>()
        let baseline = Resources.total
        let timer = probe.subscribe(Observable<Int>.timer(.never, scheduler: scheduler))
        let interval = probe.subscribe(Observable<Int>.interval(.never, scheduler: scheduler))
        let periodic = probe.subscribe(Observable<Int>.timer(.never, period: .milliseconds(1), scheduler: scheduler))

        let drained = expectation(description: "queue had time to fire")
        _ = scheduler.scheduleRelative((), dueTime: .milliseconds(20)) { _ in
            drained.fulfill()
            return Disposables.create()
        }
        wait(for: [drained], timeout: 5)
        XCTAssertEqual(probe.events.count, 0)
        timer.dispose()
        interval.dispose()
        periodic.dispose()
        XCTAssertEqual(Resources.waitForTotal(toReturnTo: baseline), 0, "nothing kept once disposed")
        XCTAssertEqual(probe.disposedCount, 3)
    }

    func testDisposingATrampolinedSequenceFromInsideOnNextStopsIt() {
        var received: [Int] = []
        var completed = false
        // Inside a running trampoline, subscribe returns before the first element, so the
        // handler can reach the subscription while elements are still being delivered.
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            let holder = SingleAssignmentDisposable()
            holder.setDisposable(
                Observable.from(0...).subscribe(
                    onNext: { value in
                        received.append(value)
                        if value == 2 {
                            holder.dispose()
                        }
                    }, onCompleted: { completed = true }))
            return Disposables.create()
        }

        XCTAssertEqual(received, [0, 1, 2])
        XCTAssertFalse(completed)
    }

    func testResubscribingAPipelineFromInsideItsOwnOnNextRunsBothToTheEnd() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        let pipeline = xs.map { $0 * 10 }.filter { $0 > 0 }.take(3)
        let outer = scheduler.createObserver(Int.self)
        let inner = scheduler.createObserver(Int.self)
        var subscriptions: [any Disposable] = []
        scheduler.scheduleAt(200) {
            subscriptions.append(
                pipeline.subscribe(
                    onNext: { value in
                        outer.onNext(value)
                        if value == 10 {
                            subscriptions.append(pipeline.subscribe(inner))
                        }
                    }, onCompleted: { outer.onCompleted() }))
        }
        scheduler.start()

        XCTAssertEqual(outer.events, [.next(210, 10), .next(220, 20), .next(230, 30), .completed(230)])
        XCTAssertEqual(inner.events, [.next(220, 20), .next(230, 30), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230), Subscription(210, 300)])
        subscriptions.removeAll()
    }
}

extension ObservableType {
    /// The elements of every group of a `groupBy`, in the order they arrive, for the pass-through
    /// list: each group is subscribed to as it is received, its terminal event left to the
    /// sequence of groups, and disposing the result disposes every subscription.
    fileprivate func flattenedGroups<Key, Value>() -> Observable<Value> where Element == GroupedObservable<Key, Value> {
        Observable.create { observer in
            let groups = CompositeDisposable()
            let outer = subscribe(
                onNext: { group in _ = groups.insert(group.subscribe(onNext: { observer.onNext($0) })) },
                onError: { observer.onError($0) }, onCompleted: { observer.onCompleted() })
            return Disposables.create(outer, groups)
        }
    }
}
