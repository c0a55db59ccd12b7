import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

/// `asSingle()` and `asMaybe()`: an observable turned into a trait, with the trait's grammar checked.
final class AsSingleTests: RxTestCase {
    // MARK: asSingle

    func testAsSingleSendsTheOnlyElementWhenTheSourceCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .completed(250)])

        let res = scheduler.start { xs.asSingle() }

        XCTAssertEqual(res.events, [.next(250, 1), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testAsSingleFailsAtTheSecondElementAndDisposesTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(250)])

        let res = scheduler.start { xs.asSingle() }

        XCTAssertEqual(res.events, [.error(220, RxError.moreThanOneElement)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testAsSingleOfAnEmptySourceFailsWithNoElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .completed(250)])

        let res = scheduler.start { xs.asSingle() }

        XCTAssertEqual(res.events, [.error(250, RxError.noElements)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testAsSingleWithMarbles() throws {
        let cases: [(source: String, expected: String, error: (any Error)?)] = [
            ("-^-a---|", "------(a|)", nil),
            ("-^-a-b-|", "----#", RxError.moreThanOneElement),
            ("-^---|", "----#", RxError.noElements),
            ("-^-a-#", "----#", TestError.boom),
        ]
        for (source, expected, error) in cases {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = try scheduler.createHotObservable(source, values: ["a": 1, "b": 2], error: TestError.boom)

            let res = scheduler.start { xs.asSingle() }

            assertMarbles(res, expected, values: ["a": 1], error: error)
        }
    }

    func testAsSingleDisposedMidWaySendsNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])

        let res = scheduler.start(disposed: 250) { xs.asSingle() }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testAsSingleLetsGoOfItsElementOnceSentAndOnDisposal() {
        let live = Counter()
        var observer: AnyObserver<LiveElement>?
        let source = Observable<LiveElement>.create { receiver in
            observer = receiver
            return Disposables.create()
        }
        var received: [Int] = []

        let first = source.asSingle().subscribe(onSuccess: { received.append($0.value) })
        observer?.onNext(LiveElement(1, live: live))
        XCTAssertEqual(live.value, 1, "held until the source completes")
        observer?.onCompleted()
        XCTAssertEqual(received, [1])
        XCTAssertEqual(live.value, 0)
        first.dispose()

        let second = source.asSingle().subscribe(onSuccess: { received.append($0.value) })
        observer?.onNext(LiveElement(2, live: live))
        second.dispose()
        XCTAssertEqual(live.value, 0, "disposal lets go of the held element")
        observer = nil
    }

    func testAsSingleIgnoresASourceThatKeepsSendingAfterDisposal() {
        let live = Counter()
        var observer: AnyObserver<LiveElement>?
        let source = Observable<LiveElement>.create { receiver in
            observer = receiver
            return Disposables.create()
        }
        var events = 0

        let subscription = source.asSingle().asObservable().subscribe { _ in events += 1 }
        subscription.dispose()
        for value in 0..<1_000 {
            observer?.onNext(LiveElement(value, live: live))
        }
        observer?.onCompleted()

        XCTAssertEqual(events, 0)
        XCTAssertEqual(live.value, 0, "nothing sent after disposal is kept")
        observer = nil
    }

    // MARK: asMaybe

    func testAsMaybeSendsTheElementOrJustTheCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let one = scheduler.createHotObservable([.next(210, 1), .completed(250)])
        let other = TestScheduler(initialClock: 0)
        let none = other.createHotObservable([.completed(250, Int.self)])

        let some = scheduler.start { one.asMaybe() }
        let empty = other.start { none.asMaybe() }

        XCTAssertEqual(some.events, [.next(250, 1), .completed(250)])
        XCTAssertEqual(empty.events, [.completed(250)])
        XCTAssertEqual(one.subscriptions, [Subscription(200, 250)])
    }

    func testAsMaybeFailsAtTheSecondElementAndDisposesTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])

        let res = scheduler.start { xs.asMaybe() }

        XCTAssertEqual(res.events, [.error(220, RxError.moreThanOneElement)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testAsMaybePassesTheSourceError() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-^-a-#", values: ["a": 1], error: TestError.boom)

        let res = scheduler.start { xs.asMaybe() }

        assertMarbles(res, "----#", error: TestError.boom)
    }
}
