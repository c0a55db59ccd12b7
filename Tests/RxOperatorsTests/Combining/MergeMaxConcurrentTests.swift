import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

final class MergeMaxConcurrentTests: RxTestCase {
    func testSubscribesToWaitingInnersInOrderAsRunningOnesComplete() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([.next(10, 11), .completed(50)])
        let second = scheduler.createColdObservable([.next(10, 21), .next(60, 22), .completed(70)])
        let third = scheduler.createColdObservable([.next(5, 31), .completed(20)])
        let outer = scheduler.createHotObservable([
            .next(210, first.asObservable()), .next(220, second.asObservable()), .next(230, third.asObservable()),
            .completed(240),
        ])

        let res = scheduler.start { outer.merge(maxConcurrent: 2) }

        XCTAssertEqual(res.events, [.next(220, 11), .next(230, 21), .next(265, 31), .next(280, 22), .completed(290)])
        XCTAssertEqual(outer.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(first.subscriptions, [Subscription(210, 260)])
        XCTAssertEqual(second.subscriptions, [Subscription(220, 290)])
        XCTAssertEqual(third.subscriptions, [Subscription(260, 280)])
    }

    func testWithMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createColdObservable("-1-1|")
        let ys = try scheduler.createColdObservable("-2|")
        let zs = try scheduler.createColdObservable("3|")
        let outer = scheduler.createHotObservable([
            .next(210, xs.asObservable()), .next(220, ys.asObservable()), .next(230, zs.asObservable()),
            .completed(240),
        ])

        let res = scheduler.start { outer.merge(maxConcurrent: 1) }

        assertMarbles(res, "--1-1-23|")
        assertSubscriptions(xs, "-^---!")
        assertSubscriptions(ys, "-----^-!")
        assertSubscriptions(zs, "-------^!")
    }

    func testAnErrorDropsTheWaitingInnersUnsubscribed() {
        let scheduler = TestScheduler(initialClock: 0)
        let failing = scheduler.createColdObservable([.next(10, 1), .error(20, TestError.boom)])
        let waiting = scheduler.createColdObservable([.next(10, 2), .completed(20)])
        let outer = scheduler.createHotObservable([
            .next(210, failing.asObservable()), .next(215, waiting.asObservable()), .completed(300),
        ])

        let res = scheduler.start { outer.merge(maxConcurrent: 1) }

        XCTAssertEqual(res.events, [.next(220, 1), .error(230, TestError.boom)])
        XCTAssertEqual(outer.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(waiting.subscriptions, [])
    }

    func testDisposingMidStreamDisposesTheRunningInnersAndDropsTheWaitingOnes() {
        let scheduler = TestScheduler(initialClock: 0)
        let running = scheduler.createColdObservable([.next(10, 1), .completed(100)])
        let waiting = scheduler.createColdObservable([.next(10, 2), .completed(20)])
        let outer = scheduler.createHotObservable([
            .next(210, running.asObservable()), .next(215, waiting.asObservable()),
        ])

        let res = scheduler.start(disposed: 250) { outer.merge(maxConcurrent: 1) }

        XCTAssertEqual(res.events, [.next(220, 1)])
        XCTAssertEqual(running.subscriptions, [Subscription(210, 250)])
        XCTAssertEqual(waiting.subscriptions, [])
    }

    func testManyWaitingInnersCompletingWhileBeingSubscribedDoNotGrowTheStack() {
        let gate = PublishSubject<Int>()
        let count = 100_000
        var sum = 0
        var completed = false
        let outer = Observable<Observable<Int>>.create { observer in
            observer.onNext(gate.asObservable())
            for value in 0..<count {
                observer.onNext(.just(value))
            }
            observer.onCompleted()
            return Disposables.create()
        }
        let subscription = outer.merge(maxConcurrent: 1).subscribe(
            onNext: { sum += $0 }, onCompleted: { completed = true })

        gate.onCompleted()

        XCTAssertEqual(sum, count * (count - 1) / 2)
        XCTAssertTrue(completed)
        subscription.dispose()
    }

    func testAWaitingInnerIsReleasedOnceSubscribed() {
        let live = Counter()
        let gate = PublishSubject<Int>()
        let outer = PublishSubject<Observable<Int>>()
        var received: [Int] = []
        let subscription = outer.merge(maxConcurrent: 1).subscribe(onNext: { received.append($0) })
        outer.onNext(gate.asObservable())
        for value in 0..<10 {
            let element = LiveElement(value, live: live)
            outer.onNext(Observable.deferred { .just(element.value) })
        }
        XCTAssertEqual(live.value, 10)

        gate.onCompleted()

        XCTAssertEqual(received, Array(0..<10))
        XCTAssertEqual(live.value, 0)
        subscription.dispose()
    }

    func testDisposingReleasesTheWaitingInners() {
        let live = Counter()
        let outer = PublishSubject<Observable<Int>>()
        let subscription = outer.merge(maxConcurrent: 1).subscribe()
        outer.onNext(.never())
        for value in 0..<10 {
            let element = LiveElement(value, live: live)
            outer.onNext(Observable.deferred { .just(element.value) })
        }

        subscription.dispose()

        XCTAssertEqual(live.value, 0)
    }

    func testAWaitingInnerWhoseReleaseSendsIntoTheChainIsReleasedOutsideTheLock() {
        // The running inner is raw and ignores disposal, so its completion, sent from the
        // waiting inner's release, reaches the merge's sink and takes its lock: a release under
        // that lock would stop the program ("Recursive call to lock").
        let running = DisposalIgnoringObservable<Int>()
        let handle = UncheckedSendable(running)
        let released = Counter()
        let outer = PublishSubject<Observable<Int>>()
        let subscription = outer.merge(maxConcurrent: 1).subscribe()
        outer.onNext(running.asObservable())
        do {
            let element = LiveElement(0, live: released) {
                handle.value.observer?.onCompleted()
            }
            outer.onNext(Observable.deferred { .just(element.value) })
        }
        XCTAssertEqual(released.value, 1, "the waiting inner keeps its element")

        subscription.dispose()

        XCTAssertEqual(released.value, 0, "released by the disposal")
        running.forget()
    }
}
