import Dispatch
import Foundation
import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import Testing
import XCTest

@testable import RxOperators

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

final class CreateTests: RxTestCase {
    func testEventsSentWhileSubscribingArriveAtTheSubscriptionTime() {
        let scheduler = TestScheduler(initialClock: 0)
        var releasedAt: TestTime?

        let res = scheduler.start {
            Observable<Int>.create { observer in
                observer.onNext(1)
                observer.onNext(2)
                observer.onCompleted()
                return Disposables.create { releasedAt = scheduler.clock }
            }
        }

        XCTAssertEqual(res.events, [.next(200, 1), .next(200, 2), .completed(200)])
        XCTAssertEqual(releasedAt, 200)
    }

    func testNothingPassesAfterTheFirstTerminalEvent() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start {
            Observable<Int>.create { observer in
                observer.onNext(1)
                observer.onError(TestError.boom)
                observer.onNext(2)
                observer.onCompleted()
                observer.onError(TestError.other)
                return Disposables.create()
            }
        }

        XCTAssertEqual(res.events, [.next(200, 1), .error(200, TestError.boom)])
    }

    func testElementsSentWithOnAndWithOnNextFollowOneGrammar() {
        // The observer handed to the closure takes elements on a shortcut that skips `Event`;
        // both ways in must keep their order and stop at the same terminal event.
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start {
            Observable<Int>.create { observer in
                observer.on(.next(1))
                observer.onNext(2)
                observer.asObserver().onNext(3)
                AnyObserver(observer).on(.next(4))
                observer.on(.completed)
                observer.onNext(5)
                observer.on(.next(6))
                return Disposables.create()
            }
        }

        XCTAssertEqual(res.events, [.next(200, 1), .next(200, 2), .next(200, 3), .next(200, 4), .completed(200)])
    }

    func testForwardsASourceAndDisposesItWithTheSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(240, 4), .completed(300),
        ])

        let res = scheduler.start(disposed: 230) {
            Observable<Int>.create { observer in xs.subscribe(observer) }
        }

        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testCompletionFromTheSourceReleasesTheSubscriptionAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .completed(250), .next(260, 3)])

        let res = scheduler.start {
            Observable<Int>.create { observer in xs.subscribe(observer) }
        }

        XCTAssertEqual(res.events, [.next(210, 2), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testErrorFromTheSourceReleasesTheSubscriptionAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(250, TestError.boom), .next(260, 3)])

        let res = scheduler.start {
            Observable<Int>.create { observer in xs.subscribe(observer) }
        }

        XCTAssertEqual(res.events, [.next(210, 2), .error(250, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testTheObserverKeptByTheClosureIsSilencedByDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        var kept: AnyObserver<Int>?
        scheduler.scheduleAt(300) { kept?.onNext(3) }
        scheduler.scheduleAt(400) { kept = nil }

        let res = scheduler.start(disposed: 250) {
            Observable<Int>.create { observer in
                kept = observer
                observer.onNext(1)
                return Disposables.create()
            }
        }

        XCTAssertEqual(res.events, [.next(200, 1)])
    }

    func testOrderIsNextCompletedOnDisposedThenTheClosuresDisposable() {
        var log: [String] = []
        let source = Observable<String>.create { observer in
            log.append("subscribe closure")
            observer.onNext("a")
            observer.onCompleted()
            return Disposables.create { log.append("closure's disposable") }
        }
        log.append("created")

        _ = source.subscribe(
            onNext: { log.append("onNext \($0)") },
            onCompleted: { log.append("onCompleted") },
            onDisposed: { log.append("onDisposed") })

        XCTAssertEqual(
            log,
            ["created", "subscribe closure", "onNext a", "onCompleted", "onDisposed", "closure's disposable"])
    }

    func testEachSubscriptionRunsTheClosureAgain() {
        var calls = 0
        let source = Observable<Int>.create { observer in
            calls += 1
            observer.onNext(calls)
            observer.onCompleted()
            return Disposables.create()
        }
        var received: [Int] = []

        _ = source.subscribe(onNext: { received.append($0) })
        _ = source.subscribe(onNext: { received.append($0) })

        XCTAssertEqual(received, [1, 2])
    }

    func testSubscribingAgainFromInsideOnNextRunsTheInnerSubscriptionAtOnce() {
        let source = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onNext(2)
            observer.onCompleted()
            return Disposables.create()
        }
        var log: [String] = []

        _ = source.subscribe(onNext: { outer in
            log.append("outer \(outer)")
            if outer == 1 {
                _ = source.subscribe(onNext: { log.append("inner \($0)") })
            }
        })

        XCTAssertEqual(log, ["outer 1", "inner 1", "inner 2", "outer 2"])
    }

    func testExactlyOneTerminalEventWinsWhenThreadsRace() {
        for _ in 0..<50 {
            let terminalEvents = Counter()
            let kept = Locked<AnyObserver<Int>?>(nil)
            let subscription = Observable<Int>.create { observer in
                kept.value = observer
                return Disposables.create()
            }
            .subscribe(onError: { _ in terminalEvents.increment() }, onCompleted: { terminalEvents.increment() })
            let observer = UncheckedSendable(kept.value!)
            DispatchQueue.concurrentPerform(iterations: 4) { index in
                if index.isMultiple(of: 2) {
                    observer.value.onCompleted()
                } else {
                    observer.value.onError(TestError.boom)
                }
            }
            kept.value = nil
            subscription.dispose()
            XCTAssertEqual(terminalEvents.value, 1)
        }
    }

    // MARK: - `create` followed by `map` and `filter`, as one stage (`CreateThenMap`)

    // A `map` right after `create`, and a `filter` after it, join `create`'s stage; these pin that
    // the joined stage behaves exactly like the separate operators.

    /// A `create` that sends `elements` and completes, logging what it was given back.
    private func numbers(_ elements: [Int], log: Locked<[String]>) -> Observable<Int> {
        Observable.create { observer in
            for element in elements {
                observer.onNext(element)
            }
            observer.onCompleted()
            observer.onNext(99)
            return Disposables.create { log.mutate { $0.append("source disposed") } }
        }
    }

    func testAMapAndAFilterAfterCreateJoinItsStage() {
        let source = Observable<Int>.create { _ in Disposables.create() }

        XCTAssertTrue(source.map { $0 + 1 } is CreateThenMap<Int, Int>)
        XCTAssertTrue(source.map { $0 + 1 }.map { "\($0)" } is CreateThenMap<Int, String>)
        XCTAssertTrue(source.map { $0 + 1 }.filter { $0 > 2 } is CreateThenMap<Int, Int>)
        XCTAssertTrue(source.filter { $0 > 2 } is Filter<Int>, "a filter right after create is its own stage")
        XCTAssertTrue(
            source.map { $0 + 1 }.filter { $0 > 2 }.map { $0 * 2 } is Map<Int, Int>,
            "a map after an absorbed filter is its own stage")
    }

    func testTheJoinedStageSendsWhatTheSeparateStagesSend() {
        let log = Locked<[String]>([])
        var calls: [String] = []
        var joined: [Event<Int>] = []
        var separate: [Event<Int>] = []
        let transform: (Int) -> Int = { value in
            calls.append("map \(value)")
            return value * 10
        }
        let predicate: (Int) -> Bool = { value in
            calls.append("filter \(value)")
            return value != 20
        }

        _ = numbers([1, 2, 3], log: log).map(transform).filter(predicate).subscribe { joined.append($0) }
        let joinedCalls = calls
        calls = []
        _ = Observable.deferred { self.numbers([1, 2, 3], log: log) }.map(transform).filter(predicate)
            .subscribe { separate.append($0) }

        XCTAssertEqual(joined, [.next(10), .next(30), .completed])
        XCTAssertEqual(joined, separate)
        XCTAssertEqual(joinedCalls, ["map 1", "filter 10", "map 2", "filter 20", "map 3", "filter 30"])
        XCTAssertEqual(joinedCalls, calls)
        XCTAssertEqual(log.value, ["source disposed", "source disposed"])
    }

    func testAThrowingTransformEndsTheSequenceAndDisposesTheSource() {
        let log = Locked<[String]>([])
        var events: [Event<Int>] = []

        _ = numbers([1, 2, 3], log: log)
            .map { value -> Int in
                if value == 2 { throw TestError.boom }
                return value
            }
            .subscribe { events.append($0) }

        XCTAssertEqual(events, [.next(1), .error(TestError.boom)])
        XCTAssertEqual(log.value, ["source disposed"])
    }

    func testAThrowingPredicateEndsTheSequenceAndNothingFollows() {
        let log = Locked<[String]>([])
        var events: [Event<Int>] = []

        _ = numbers([1, 2, 3], log: log)
            .map { $0 * 2 }
            .filter { value in
                if value == 4 { throw TestError.other }
                return true
            }
            .subscribe { events.append($0) }

        XCTAssertEqual(events, [.next(2), .error(TestError.other)])
        XCTAssertEqual(log.value, ["source disposed"])
    }

    func testOnTheTestSchedulerTheTimesAreThoseOfTheSeparateStages() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start {
            Observable<Int>.create { observer in
                let ticks = [(210, 1), (220, 2), (230, 3)].map { time, value in
                    scheduler.scheduleAbsoluteVirtual((), time: time) { _ in
                        observer.onNext(value)
                        return Disposables.create()
                    }
                }
                let end = scheduler.scheduleAbsoluteVirtual((), time: 240) { _ in
                    observer.onCompleted()
                    return Disposables.create()
                }
                return Disposables.create(ticks + [end])
            }
            .map { $0 + 1 }
            .filter { $0 != 3 }
        }

        XCTAssertEqual(res.events, [.next(210, 2), .next(230, 4), .completed(240)])
    }
}

// MARK: - A Sendable observer for @Sendable callbacks

/// A callback API of the kind Swift concurrency code offers: its completion handler is
/// `@Sendable` and is called once, on a queue of the API's own.
private func fetch(_ value: Int, completion: @escaping @Sendable (Int) -> Void) {
    DispatchQueue.global().async { completion(value * 2) }
}

/// The observer `create` hands out has a `Sendable` form that a `@Sendable` callback can
/// capture; no other `AnyObserver` does.
@Suite(.leakChecked)
struct SendableObserverTests {
    @Test func aSendableCallbackDeliversThroughTheSendableFormOfCreatesObserver() async {
        let source = Observable<Int>.create { observer in
            let observer = observer.sendable
            fetch(21) { result in
                observer.onNext(result)
                observer.on(.completed)
            }
            return Disposables.create()
        }
        let received = Locked<[Int]>([])

        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            _ = source.subscribe(
                onNext: { value in received.value.append(value) }, onCompleted: { done.resume() })
        }

        #expect(received.value == [42])
    }

    @Test func eventsAfterTheFirstTerminalOneAreIgnored() {
        var events: [Event<Int>] = []
        let subscription = Observable<Int>.create { observer in
            let observer = observer.sendable
            observer.onNext(1)
            observer.on(.completed)
            observer.onNext(2)
            return Disposables.create()
        }
        .subscribe { events.append($0) }

        #expect(events == [.next(1), .completed])
        subscription.dispose()
    }

    #if DEBUG
        @Test func theSendableFormOfAnyOtherObserverStopsTheProgram() async {
            let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let observer = AnyObserver<Int> { _ in }
                _ = observer.sendable
            }
            let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
            #expect(message.contains("only the observer `Observable.create` hands to its closure"))
        }
    #endif
}

// MARK: - Under contention

/// `create` with its producer on a thread of its own, disposed from the test's.
final class CreateUnderContentionTests: DisposalRaceTestCase {
    func testACreateProducerOnItsOwnThreadIsSilencedOnceDisposeReturns() {
        for round in 0..<30 {
            let probe = DeliveryProbe<Int>()
            let cleanups = Counter()
            let firstSentAfterDispose = Locked<Int?>(nil)
            let finished = expectation(description: "producer finished")
            let source = busyProducer(
                reportingTo: probe, cleanups: cleanups, firstSentAfterDispose: firstSentAfterDispose, finished: finished
            )
            let baseline = Resources.total
            let subscription = probe.subscribe(source)
            wait(for: [dispose(subscription, of: probe, afterMicroseconds: round % 5 * 300), finished], timeout: 5)
            assertSettled(at: baseline)

            assertStoppedCleanly(probe, "round \(round)")
            if let first = firstSentAfterDispose.value {
                XCTAssertLessThanOrEqual(
                    probe.elements.count, first, "an element sent after dispose arrived, round \(round)")
            }
            XCTAssertEqual(cleanups.value, 1, "the closure's disposable runs once, round \(round)")
        }
    }
}
