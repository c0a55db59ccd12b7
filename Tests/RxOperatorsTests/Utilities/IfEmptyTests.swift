import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

final class IfEmptyTests: RxTestCase {
    func testDefaultIsSentWhenTheSourceCompletesEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        let empty = scheduler.createHotObservable([.next(150, 1), .completed(300)])

        let res = scheduler.start { empty.ifEmpty(default: 42) }

        XCTAssertEqual(res.events, [.next(300, 42), .completed(300)])
        XCTAssertEqual(empty.subscriptions, [Subscription(200, 300)])
    }

    func testASourceWithElementsPassesUnchanged() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a-^-b-c-|")

        let withDefault = scheduler.start { xs.ifEmpty(default: "z") }

        assertMarbles(withDefault, "--b-c-|")
    }

    func testAnErrorPassesWithoutTheDefaultOrTheOtherSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let failing = scheduler.createHotObservable([Recorded<Event<Int>>.error(250, TestError.boom)])
        let other = scheduler.createColdObservable([.next(10, 7), .completed(20)])

        let res = scheduler.start { failing.ifEmpty(switchTo: other.asObservable()).ifEmpty(default: 42) }

        XCTAssertEqual(res.events, [.error(250, TestError.boom)])
        XCTAssertEqual(other.subscriptions, [])
    }

    func testSwitchesToTheOtherSequenceAfterTheSourceEndsEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        let empty = scheduler.createHotObservable([.next(150, 1), .completed(250)])
        let other = scheduler.createColdObservable([.next(10, 7), .next(20, 8), .completed(30)])

        let res = scheduler.start { empty.ifEmpty(switchTo: other.asObservable()) }

        XCTAssertEqual(res.events, [.next(260, 7), .next(270, 8), .completed(280)])
        XCTAssertEqual(empty.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(other.subscriptions, [Subscription(250, 280)])
    }

    func testTheOtherSequenceIsNotSubscribedWhenTheSourceHasElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(250)])
        let other = scheduler.createColdObservable([.next(10, 7), .completed(30)])

        let res = scheduler.start { xs.ifEmpty(switchTo: other.asObservable()) }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(250)])
        XCTAssertEqual(other.subscriptions, [])
    }

    func testDisposingWhileOnTheOtherSequenceUnsubscribesIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let empty = scheduler.createHotObservable([Recorded<Event<Int>>.completed(250)])
        let other = scheduler.createColdObservable([.next(10, 7), .next(40, 8), .completed(60)])

        let res = scheduler.start(disposed: 280) { empty.ifEmpty(switchTo: other.asObservable()) }

        XCTAssertEqual(res.events, [.next(260, 7)])
        XCTAssertEqual(other.subscriptions, [Subscription(250, 280)])
    }

    func testASynchronouslyEmptySourceSwitchesWhileBeingSubscribed() {
        var received: [Int] = []
        let other = PublishSubject<Int>()

        let subscription = Observable<Int>.empty().ifEmpty(switchTo: other.asObservable())
            .subscribe(onNext: { received.append($0) })
        other.onNext(5)

        XCTAssertEqual(received, [5], "the other sequence's subscription survives the source's")
        subscription.dispose()
        XCTAssertFalse(other.hasObservers)
    }

    func testTheOtherSequenceIsSubscribedBeforeTheEmptySourceIsDisposed() {
        var log: [String] = []
        let subject = PublishSubject<Int>()
        let other = Observable<Int>.deferred {
            log.append("other subscribed")
            return .never()
        }
        let subscription = subject.do(onDispose: { log.append("source disposed") }).ifEmpty(switchTo: other)
            .subscribe()

        subject.onCompleted()

        XCTAssertEqual(log, ["other subscribed", "source disposed"])
        subscription.dispose()
    }
}
