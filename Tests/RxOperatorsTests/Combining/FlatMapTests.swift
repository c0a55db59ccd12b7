import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

final class FlatMapTests: RxTestCase {
    func testSubscribesToEachSelectedSequenceAtOnceAndMergesThem() {
        let scheduler = TestScheduler(initialClock: 0)
        let inners = [
            scheduler.createColdObservable([.next(10, 101), .next(20, 102), .completed(30)]),
            scheduler.createColdObservable([.next(5, 201), .next(50, 202), .completed(100)]),
            scheduler.createColdObservable([.next(15, 301), .completed(150)]),
        ]
        let xs = scheduler.createHotObservable([.next(210, 0), .next(260, 1), .next(300, 2), .completed(400)])
        var selected: [Int] = []

        let res = scheduler.start {
            xs.flatMap { index in
                selected.append(index)
                return inners[index]
            }
        }

        XCTAssertEqual(
            res.events,
            [.next(220, 101), .next(230, 102), .next(265, 201), .next(310, 202), .next(315, 301), .completed(450)])
        XCTAssertEqual(selected, [0, 1, 2])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
        XCTAssertEqual(inners[0].subscriptions, [Subscription(210, 240)])
        XCTAssertEqual(inners[1].subscriptions, [Subscription(260, 360)])
        XCTAssertEqual(inners[2].subscriptions, [Subscription(300, 450)])
    }

    func testWithMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a-^-a---b-----|", values: ["a": 1, "b": 2])
        let ys = try scheduler.createColdObservable("-x--y|", values: ["x": 10, "y": 20])

        let res = scheduler.start { xs.flatMap { value in ys.map { $0 * value } } }

        assertMarbles(res, "---a--bc--d-|", values: ["a": 10, "b": 20, "c": 20, "d": 40])
        assertSubscriptions(xs, "^-----------!")
        assertSubscriptions(ys, "--^----!", "------^----!")
    }

    func testAThrowingSelectorSendsItsErrorAndDisposesEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([.next(10, 1), .next(100, 2), .completed(200)])
        let xs = scheduler.createHotObservable([.next(210, 0), .next(250, 1), .completed(400)])

        let res = scheduler.start { () -> Observable<Int> in
            xs.flatMap { index -> TestableObservable<Int> in
                if index == 1 { throw TestError.boom }
                return first
            }
        }

        XCTAssertEqual(res.events, [.next(220, 1), .error(250, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(first.subscriptions, [Subscription(210, 250)])
    }

    func testAnInnerErrorDisposesTheSourceAndTheOtherInners() {
        let scheduler = TestScheduler(initialClock: 0)
        let failing = scheduler.createColdObservable([.next(10, 1), .error(20, TestError.boom)])
        let running = scheduler.createColdObservable([.next(5, 2), .completed(300)])
        let xs = scheduler.createHotObservable([.next(210, 0), .next(220, 1), .completed(400)])

        let res = scheduler.start { xs.flatMap { $0 == 1 ? failing : running } }

        XCTAssertEqual(res.events, [.next(215, 2), .next(230, 1), .error(240, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(running.subscriptions, [Subscription(210, 240)])
        XCTAssertEqual(failing.subscriptions, [Subscription(220, 240)])
    }

    func testDisposingMidStreamDisposesTheSourceAndEveryInner() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.next(10, 1), .next(100, 2), .completed(200)])
        let xs = scheduler.createHotObservable([.next(210, 0), .next(230, 1), .completed(400)])

        let res = scheduler.start(disposed: 280) { xs.flatMap { _ in inner } }

        XCTAssertEqual(res.events, [.next(220, 1), .next(240, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 280)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 280), Subscription(230, 280)])
    }

    func testSelectorsMayReturnAnyConvertibleSequence() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        let subscription = Observable.of(1, 2).flatMap { _ in subject }.subscribe(onNext: { received.append($0) })

        subject.onNext(7)

        // Both inner subscriptions are to the same subject.
        XCTAssertEqual(received, [7, 7])
        subscription.dispose()
    }

    func testInnersThatSendWhileBeingSubscribedArePassedOnInOrder() {
        var received: [Int] = []
        var completed = false

        _ = Observable.from(0..<1000).flatMap { Observable.just($0) }.subscribe(
            onNext: { received.append($0) }, onCompleted: { completed = true })

        XCTAssertEqual(received, Array(0..<1000))
        XCTAssertTrue(completed)
    }

    func testDisposingFromInsideAnInnerSubscriptionStopsTheRest() {
        let source = PublishSubject<Int>()
        var received: [Int] = []
        var subscription: (any Disposable)?
        var subscribedInners = 0
        subscription = source.flatMap { value in
            Observable<Int>.create { observer in
                subscribedInners += 1
                observer.onNext(value)
                if value == 2 {
                    subscription?.dispose()
                }
                observer.onNext(value * 10)
                return Disposables.create()
            }
        }.subscribe(onNext: { received.append($0) })

        for value in 1...3 {
            source.onNext(value)
        }

        XCTAssertEqual(received, [1, 10, 2])
        XCTAssertFalse(source.hasObservers)
        XCTAssertEqual(subscribedInners, 2)
    }
}
