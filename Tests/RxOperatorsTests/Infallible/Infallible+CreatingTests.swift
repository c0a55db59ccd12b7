import RxCore
import RxDisposables
import RxOperators
import RxRelay
import RxTestHelpers
import RxTestSupport
import XCTest

/// Infallible's creation operators: `create`, `just`, `empty`, `never`, `deferred`, `of`, `from`.
final class InfallibleCreatingTests: RxTestCase {
    func testCreateSendsWhatItsBodySendsAtTheTimesItSendsIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start {
            Infallible<Int>.create { observer in
                observer(.next(1))
                observer(.next(2))
                observer(.completed)
                return Disposables.create()
            }
        }

        XCTAssertEqual(res.events, [.next(200, 1), .next(200, 2), .completed(200)])
    }

    func testCreateDropsWhatItsBodySendsAfterCompletion() {
        var send: Infallible<Int>.InfallibleObserver?
        var received: [Int] = []
        var completions = 0
        _ = Infallible<Int>.create { observer in
            send = observer
            return Disposables.create()
        }.subscribe(onNext: { received.append($0) }, onCompleted: { completions += 1 })

        send?(.next(0))
        send?(.completed)
        send?(.next(1))
        send?(.completed)

        XCTAssertEqual(received, [0])
        XCTAssertEqual(completions, 1)
        send = nil
    }

    func testCreateDropsWhatItsBodySendsAfterDisposalAndDisposesWhatItReturned() {
        var send: Infallible<Int>.InfallibleObserver?
        var received: [Int] = []
        var cleanups = 0
        let subscription = Infallible<Int>.create { observer in
            send = observer
            return Disposables.create { cleanups += 1 }
        }.subscribe(onNext: { received.append($0) })

        send?(.next(0))
        subscription.dispose()
        send?(.next(1))
        subscription.dispose()

        XCTAssertEqual(received, [0])
        XCTAssertEqual(cleanups, 1)
        send = nil
    }

    func testCreateRunsItsBodyOncePerSubscription() {
        var runs = 0
        let created = Infallible<Int>.create { observer in
            runs += 1
            observer(.next(runs))
            return Disposables.create()
        }
        var received: [Int] = []

        let first = created.subscribe(onNext: { received.append($0) })
        let second = created.subscribe(onNext: { received.append($0) })

        XCTAssertEqual(received, [1, 2])
        first.dispose()
        second.dispose()
    }

    func testJustSendsItsElementAndCompletes() {
        let scheduler = TestScheduler(initialClock: 0)

        let immediate = scheduler.start { Infallible.just(42) }
        let scheduled = TestScheduler(initialClock: 0)
        let onScheduler = scheduled.start { Infallible.just(42, scheduler: scheduled) }

        XCTAssertEqual(immediate.events, [.next(200, 42), .completed(200)])
        XCTAssertEqual(onScheduler.events, [.next(201, 42), .completed(202)])
    }

    func testEmptyCompletesAndNeverSendsNothing() {
        let empty = TestScheduler(initialClock: 0).start { Infallible<Int>.empty() }
        let never = TestScheduler(initialClock: 0).start { Infallible<Int>.never() }

        XCTAssertEqual(empty.events, [.completed(200)])
        XCTAssertEqual(never.events, [])
    }

    func testDeferredCallsItsFactoryForEachSubscriber() {
        let scheduler = TestScheduler(initialClock: 0)
        var calls = 0
        let deferred = Infallible<Int>.deferred {
            calls += 1
            return .just(calls)
        }
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)

        XCTAssertEqual(calls, 0, "nothing is made before a subscription")
        scheduler.scheduleAt(210) { _ = deferred.asObservable().subscribe(first) }
        scheduler.scheduleAt(220) { _ = deferred.asObservable().subscribe(second) }
        scheduler.start()

        XCTAssertEqual(first.events, [.next(210, 1), .completed(210)])
        XCTAssertEqual(second.events, [.next(220, 2), .completed(220)])
    }

    func testOfAndFromSendEachElementThenComplete() {
        let scheduler = TestScheduler(initialClock: 0)

        let of = scheduler.start { Infallible.of(1, 2, 3, scheduler: scheduler) }
        let array = TestScheduler(initialClock: 0).start { Infallible.from([4, 5]) }
        let sequence = TestScheduler(initialClock: 0).start { Infallible.from(6...7) }

        XCTAssertEqual(of.events, [.next(201, 1), .next(202, 2), .next(203, 3), .completed(204)])
        XCTAssertEqual(array.events, [.next(200, 4), .next(200, 5), .completed(200)])
        XCTAssertEqual(sequence.events, [.next(200, 6), .next(200, 7), .completed(200)])
    }

    func testFromAnInfiniteSequenceStopsWithItsSubscriber() {
        var received: [Int] = []

        _ = Infallible.from(1...).take(3).subscribe(onNext: { received.append($0) })

        XCTAssertEqual(received, [1, 2, 3])
    }
}
