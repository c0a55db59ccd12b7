import Dispatch
import RxCore
import RxDisposables
import RxRelay
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

@testable import RxOperators

/// Disposal at awkward moments for every Infallible operator (twice, before the first event,
/// after the last, from another thread), what each keeps, and threads meeting in them.
final class InfallibleReliabilityTests: RxTestCase {
    /// The operators that pass an infallible source's elements through unchanged.
    private func passThroughOperators(_ scheduler: TestScheduler) -> [(
        name: String, apply: (Infallible<Int>) -> Infallible<Int>
    )] {
        [
            ("map", { $0.map { $0 } }),
            ("compactMap", { $0.compactMap { $0 } }),
            ("filter", { $0.filter { _ in true } }),
            ("scan", { $0.scan(0) { _, element in element } }),
            ("scan(into:)", { $0.scan(into: 0) { $0 = $1 } }),
            ("withUnretained", { $0.withUnretained(scheduler) { _, element in element } }),
            ("distinctUntilChanged", { $0.distinctUntilChanged() }),
            ("distinctUntilChanged(_:)", { $0.distinctUntilChanged { $0 } }),
            ("distinctUntilChanged(comparer)", { $0.distinctUntilChanged { _, _ in false } }),
            ("distinctUntilChanged(at:)", { $0.distinctUntilChanged(at: \.self) }),
            ("take", { $0.take(10) }),
            ("take(while:)", { $0.take(while: { _ in true }) }),
            ("take(until:behavior:)", { $0.take(until: { _ in false }) }),
            ("take(until: infallible)", { $0.take(until: Infallible<Int>.never()) }),
            ("take(until: observable)", { $0.take(until: Observable<Int>.never()) }),
            ("skip(while:)", { $0.skip(while: { _ in false }) }),
            ("skip(until:)", { $0.skip(until: Observable.just(0)) }),
            ("do", { $0.do(onNext: { _ in }, onDispose: {}) }),
            ("debug", { $0.debug("reliability", trimOutput: false, file: "", line: 0, function: "") { _ in } }),
            ("share", { $0.share() }),
            ("share(replay:)", { $0.share(replay: 1) }),
            ("throttle", { $0.throttle(.seconds(5), scheduler: scheduler) }),
            ("take(for:)", { $0.take(for: .seconds(1_000), scheduler: scheduler) }),
            ("deferred", { source in Infallible.deferred { source } }),
            (
                "create",
                { source in
                    Infallible.create { observer in
                        source.subscribe(onNext: { observer(.next($0)) }, onCompleted: { observer(.completed) })
                    }
                }
            ),
            ("flatMap", { source in Infallible.just(0).flatMap { _ in source } }),
            ("flatMapFirst", { source in Infallible.just(0).flatMapFirst { _ in source } }),
            ("flatMapLatest", { source in Infallible.just(0).flatMapLatest { _ in source } }),
            ("Observable.flatMapLatest", { source in Observable.just(0).flatMapLatest { _ in source } }),
            ("concatMap", { source in Infallible.just(0).concatMap { _ in source } }),
            ("concat(_:)", { $0.concat(Infallible.empty()) }),
            ("concat", { source in Infallible.concat(source, .empty()) }),
            ("merge", { source in Infallible.merge(source, .empty()) }),
            ("merge(collection)", { source in Infallible.merge([source, .empty()][...]) }),
            ("withLatestFrom", { $0.withLatestFrom(Infallible.just(0)) { element, _ in element } }),
            (
                "combineLatest",
                { source in Infallible.combineLatest(source, Infallible.just(0)) { element, _ in element } }
            ),
            ("combineLatest(collection)", { source in Infallible.combineLatest([source]) { $0[0] } }),
            ("zip", { source in Infallible.zip(source, Infallible.from(Array(0..<100))) { element, _ in element } }),
            ("asInfallible(onErrorJustReturn:)", { $0.asObservable().asInfallible(onErrorJustReturn: 0) }),
            ("asInfallible(onErrorFallbackTo:)", { $0.asObservable().asInfallible(onErrorFallbackTo: .never()) }),
            ("asInfallible(onErrorRecover:)", { $0.asObservable().asInfallible(onErrorRecover: { _ in .never() }) }),
        ]
    }

    /// Subscribes at 200 and disposes twice at each time in `disposeAt`, on this thread or on
    /// another one while the scheduler waits; returns what the subscriber saw.
    private func run(
        _ scheduler: TestScheduler, source: @escaping () -> Infallible<Int>, disposeAt times: [TestTime],
        fromAnotherThread: Bool = false
    ) -> (events: [Recorded<Event<Int>>], disposedCount: Int) {
        let observer = scheduler.createObserver(Int.self)
        let disposals = Counter()
        var subscription: (any Disposable)?
        scheduler.scheduleAt(200) {
            subscription = source().subscribe(
                onNext: { observer.onNext($0) }, onCompleted: { observer.onCompleted() },
                onDisposed: { disposals.increment() })
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
                    XCTAssertEqual(done.wait(timeout: .now() + 5), .success)
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

    func testEveryOperatorDisposedTwiceMidStreamStopsAtOnce() {
        for fromAnotherThread in [false, true] {
            for index in passThroughOperators(TestScheduler(initialClock: 0)).indices {
                let scheduler = TestScheduler(initialClock: 0)
                let (name, apply) = passThroughOperators(scheduler)[index]
                let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
                let outcome = run(
                    scheduler, source: { apply(xs.asInfallible(onErrorJustReturn: -1)) }, disposeAt: [215, 216],
                    fromAnotherThread: fromAnotherThread)
                let context = "\(name), from another thread: \(fromAnotherThread)"

                XCTAssertEqual(outcome.events, [.next(210, 1)], context)
                XCTAssertEqual(outcome.disposedCount, 1, context)
                XCTAssertEqual(xs.subscriptions, [Subscription(200, 215)], context)
            }
        }
    }

    func testEveryOperatorDisposedBeforeItsFirstEventSendsNothing() {
        for index in passThroughOperators(TestScheduler(initialClock: 0)).indices {
            let scheduler = TestScheduler(initialClock: 0)
            let (name, apply) = passThroughOperators(scheduler)[index]
            let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
            let outcome = run(scheduler, source: { apply(xs.asInfallible(onErrorJustReturn: -1)) }, disposeAt: [200])

            XCTAssertEqual(outcome.events, [], name)
            XCTAssertEqual(outcome.disposedCount, 1, name)
            XCTAssertEqual(xs.subscriptions, [Subscription(200, 200)], name)
        }
    }

    func testEveryOperatorDisposedAfterItCompletedDoesNothingMore() {
        for index in passThroughOperators(TestScheduler(initialClock: 0)).indices {
            let scheduler = TestScheduler(initialClock: 0)
            let (name, apply) = passThroughOperators(scheduler)[index]
            let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
            let outcome = run(
                scheduler, source: { apply(xs.asInfallible(onErrorJustReturn: -1)) }, disposeAt: [400, 500])

            XCTAssertEqual(outcome.events, [.next(210, 1), .completed(300)], name)
            XCTAssertEqual(outcome.disposedCount, 1, name)
            XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)], name)
        }
    }

    func testEveryCreationFunctionDisposedTwiceFromAnotherThreadStopsAtOnce() {
        let cases: [(name: String, make: (TestScheduler) -> Infallible<Int>, events: [Recorded<Event<Int>>])] = [
            ("of", { Infallible.of(1, 2, 3, scheduler: $0) }, [.next(201, 1)]),
            ("from(array)", { Infallible.from([1, 2, 3], scheduler: $0) }, [.next(201, 1)]),
            ("from(sequence)", { Infallible.from(1..., scheduler: $0) }, [.next(201, 1)]),
            ("just(scheduler:)", { Infallible.just(1, scheduler: $0) }, [.next(201, 1)]),
            ("just", { _ in Infallible.just(1) }, [.next(200, 1), .completed(200)]),
            ("empty", { _ in Infallible.empty() }, [.completed(200)]),
            ("never", { _ in Infallible.never() }, []),
            ("relay", { _ in PublishRelay<Int>().asInfallible() }, []),
        ]
        for (name, make, expected) in cases {
            let scheduler = TestScheduler(initialClock: 0)
            let outcome = run(scheduler, source: { make(scheduler) }, disposeAt: [202, 203], fromAnotherThread: true)

            XCTAssertEqual(outcome.events, expected, name)
            XCTAssertEqual(outcome.disposedCount, 1, name)
        }
    }

    func testAConversionKeepsNoElementItHasDelivered() {
        let live = Counter()
        let relay = PublishRelay<LiveElement>()
        var total = 0
        let subscription = relay.asInfallible()
            .map { $0 }
            .asObservable()
            .asInfallible(onErrorJustReturn: LiveElement(0, live: live))
            .subscribe(onNext: { total += $0.value })

        for value in 1...100 {
            relay.accept(LiveElement(value, live: live))
        }

        XCTAssertEqual(total, 5050)
        XCTAssertEqual(live.value, 1, "only the element kept for an error is alive")
        subscription.dispose()
    }

    func testElementsSentFromManyThreadsIntoAMergeAreAllDeliveredOneAtATime() {
        let relays = (0..<4).map { _ in PublishRelay<Int>() }
        let received = Counter()
        let inside = Counter()
        let overlaps = Counter()
        let subscription = Infallible.merge(relays.map { $0.asInfallible() })
            .map { $0 + 1 }
            .subscribe(onNext: { _ in
                if inside.increment() > 1 { overlaps.increment() }
                received.increment()
                inside.decrement()
            })

        DispatchQueue.concurrentPerform(iterations: relays.count) { index in
            for value in 0..<500 {
                relays[index].accept(value)
            }
        }

        XCTAssertEqual(received.value, 2_000)
        XCTAssertEqual(overlaps.value, 0, "merge delivers one element at a time")
        subscription.dispose()
    }

    func testAnErrorRacingDisposalFromAnotherThreadEndsTheSubscriptionOnce() {
        for _ in 0..<200 {
            let subject = PublishSubject<Int>()
            let terminals = Counter()
            let disposals = Counter()
            let subscription = subject.asInfallible(onErrorJustReturn: 0).subscribe(
                onCompleted: { terminals.increment() }, onDisposed: { disposals.increment() })
            let handle = UncheckedSendable(subscription)
            let sender = UncheckedSendable(subject)

            DispatchQueue.concurrentPerform(iterations: 2) { index in
                if index == 0 {
                    sender.value.onError(TestError.boom)
                } else {
                    handle.value.dispose()
                }
            }

            XCTAssertLessThanOrEqual(terminals.value, 1)
            XCTAssertEqual(disposals.value, 1)
        }
    }
}
