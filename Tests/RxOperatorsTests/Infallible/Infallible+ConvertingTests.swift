import RxCore
import RxDisposables
import RxOperators
import RxRelay
import RxTestHelpers
import RxTestSupport
import XCTest

/// Making an infallible sequence of one that may fail, and of a relay.
final class InfallibleConversionTests: RxTestCase {
    func testOnErrorJustReturnSendsTheElementInPlaceOfTheErrorThenCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 0), .next(210, 1), .next(220, 2), .error(230, TestError.boom), .next(240, 3),
        ])

        let res = scheduler.start { xs.asInfallible(onErrorJustReturn: -1) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .next(230, -1), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testWithMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable(
            "-a-^-b-c-#", values: ["a": 1, "b": 2, "c": 3], error: TestError.boom)

        let res = scheduler.start { xs.asInfallible(onErrorJustReturn: 0) }

        assertMarbles(res, "--b-c-(z|)", values: ["b": 2, "c": 3, "z": 0])
    }

    func testASourceThatDoesNotFailPassesUnchanged() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(250)])

        let justReturn = scheduler.start { xs.asInfallible(onErrorJustReturn: -1) }

        XCTAssertEqual(justReturn.events, [.next(210, 1), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testOnErrorFallbackToContinuesWithTheFallback() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.boom), .next(240, 2)])
        let ys = scheduler.createColdObservable([.next(10, 7), .next(20, 8), .completed(30)])

        let res = scheduler.start { xs.asInfallible(onErrorFallbackTo: ys.asInfallible(onErrorJustReturn: 0)) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(240, 7), .next(250, 8), .completed(260)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys.subscriptions, [Subscription(230, 260)])
    }

    func testOnErrorFallbackToWithAFallbackThatSendsAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 9), .error(390, TestError.boom)])

        let res = scheduler.start(disposed: 1000) { xs.asInfallible(onErrorFallbackTo: .of(1, 2)) }

        XCTAssertEqual(res.events, [.next(210, 9), .next(390, 1), .next(390, 2), .completed(390)])
    }

    func testOnErrorRecoverContinuesWithTheSequenceMadeFromTheError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.other)])
        let ys = scheduler.createHotObservable([.next(220, 5), .next(240, 6), .completed(250)])
        var recovered: [TestError] = []

        let res = scheduler.start {
            xs.asInfallible(onErrorRecover: { error in
                recovered.append(error as! TestError)
                return ys.asInfallible(onErrorJustReturn: -1)
            })
        }

        XCTAssertEqual(res.events, [.next(210, 1), .next(240, 6), .completed(250)])
        XCTAssertEqual(recovered, [.other])
        XCTAssertEqual(ys.subscriptions, [Subscription(230, 250)])
    }

    func testARecoveredSequenceThatFailsIsConvertedByItsOwnAsInfallible() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>.error(210, TestError.boom)])
        let ys = scheduler.createColdObservable([.next(5, 1), .error(10, TestError.other)])

        let res = scheduler.start {
            xs.asInfallible(onErrorRecover: { _ in ys.asInfallible(onErrorJustReturn: -1) })
        }

        XCTAssertEqual(res.events, [.next(215, 1), .next(220, -1), .completed(220)])
    }

    func testDisposingBeforeTheErrorLeavesTheFallbackUnsubscribed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(300, TestError.boom)])
        let ys = scheduler.createColdObservable([.next(10, 7), .completed(20)])
        var recoveries = 0

        let fallback = scheduler.start(disposed: 250) {
            xs.asInfallible(onErrorFallbackTo: ys.asInfallible(onErrorJustReturn: 0))
        }
        let recover = TestScheduler(initialClock: 0).start(disposed: 250) {
            Observable<Int>.never().asInfallible(onErrorRecover: { _ in
                recoveries += 1
                return .empty()
            })
        }

        XCTAssertEqual(fallback.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(ys.subscriptions, [])
        XCTAssertEqual(recover.events, [])
        XCTAssertEqual(recoveries, 0)
    }

    func testEachSubscriptionRecoversOnItsOwn() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, TestError.boom)])
        let converted = xs.asInfallible(onErrorJustReturn: 0)
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(200) { _ = converted.asObservable().subscribe(first) }
        scheduler.scheduleAt(205) { _ = converted.asObservable().subscribe(second) }
        scheduler.start()

        XCTAssertEqual(first.events, [.next(210, 1), .next(220, 0), .completed(220)])
        XCTAssertEqual(second.events, [.next(215, 1), .next(225, 0), .completed(225)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220), Subscription(205, 225)])
    }

    // MARK: relays

    func testAPublishRelaySendsWhatItAcceptsAfterTheSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let relay = PublishRelay<Int>()
        scheduler.scheduleAt(150) { relay.accept(0) }
        scheduler.scheduleAt(210) { relay.accept(1) }
        scheduler.scheduleAt(220) { relay.accept(2) }

        let res = scheduler.start { relay.asInfallible() }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2)])
    }

    func testABehaviorRelaySendsItsValueThenWhatItAccepts() {
        let scheduler = TestScheduler(initialClock: 0)
        let relay = BehaviorRelay(value: 0)
        scheduler.scheduleAt(150) { relay.accept(5) }
        scheduler.scheduleAt(210) { relay.accept(6) }

        let res = scheduler.start { relay.asInfallible() }

        XCTAssertEqual(res.events, [.next(200, 5), .next(210, 6)])
    }

    func testAReplayRelaySendsItsBufferThenWhatItAccepts() {
        let scheduler = TestScheduler(initialClock: 0)
        let relay = ReplayRelay<Int>.create(bufferSize: 2)
        scheduler.scheduleAt(110) { relay.accept(1) }
        scheduler.scheduleAt(120) { relay.accept(2) }
        scheduler.scheduleAt(130) { relay.accept(3) }
        scheduler.scheduleAt(210) { relay.accept(4) }

        let res = scheduler.start { relay.asInfallible() }

        XCTAssertEqual(res.events, [.next(200, 2), .next(200, 3), .next(210, 4)])
    }
}
