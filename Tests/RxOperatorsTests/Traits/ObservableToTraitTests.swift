import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

/// `asSingle()`, `asMaybe()`, `first()`, `toArray()` and `asCompletable()`: observables turned
/// into traits, with the trait's grammar checked.
final class ObservableToTraitTests: RxTestCase {
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

    // MARK: first

    func testFirstSendsTheFirstElementAtOnceAndDisposesTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])

        let res = scheduler.start { xs.first() }

        XCTAssertEqual(res.events, [.next(210, Optional(1)), .completed(210)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
    }

    func testFirstOfAnEmptySourceSucceedsWithNil() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(250, Int.self)])

        let res = scheduler.start { xs.first() }

        XCTAssertEqual(res.events, [.next(250, nil), .completed(250)])
    }

    func testFirstPassesTheSourceErrorAndStopsWhenDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let failing = scheduler.createHotObservable([.error(230, TestError.boom, Int.self)])
        let other = TestScheduler(initialClock: 0)
        let silent = other.createHotObservable([.next(300, 1)])

        let failed = scheduler.start { failing.first() }
        let disposed = other.start(disposed: 250) { silent.first() }

        XCTAssertEqual(failed.events, [.error(230, TestError.boom)])
        XCTAssertEqual(disposed.events, [])
        XCTAssertEqual(silent.subscriptions, [Subscription(200, 250)])
    }

    // MARK: toArray

    func testToArraySendsEveryElementWhenTheSourceCompletes() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-^-1-2-3-|", values: ["1": 1, "2": 2, "3": 3])
        let other = TestScheduler(initialClock: 0)
        let none = try other.createHotObservable("-^---|", values: [Character: Int]())

        let res = scheduler.start { xs.toArray() }
        let empty = other.start { none.toArray() }

        assertMarbles(res, "--------(a|)", values: ["a": [1, 2, 3]])
        assertMarbles(empty, "----(a|)", values: ["a": []])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 280)])
    }

    func testToArrayFailsWithTheSourceAndLetsGoOfWhatItGathered() {
        let live = Counter()
        var observer: AnyObserver<LiveElement>?
        let source = Observable<LiveElement>.create { receiver in
            observer = receiver
            return Disposables.create()
        }
        var failure: (any Error)?

        _ = source.toArray().subscribe(onFailure: { failure = $0 })
        for value in 0..<10 {
            observer?.onNext(LiveElement(value, live: live))
        }
        XCTAssertEqual(live.value, 10)
        observer?.onError(TestError.boom)

        XCTAssertEqual(failure as? TestError, .boom)
        XCTAssertEqual(live.value, 0)
        observer = nil
    }

    func testToArrayDisposedMidWaySendsNothingAndIgnoresLaterElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .completed(300)])

        let res = scheduler.start(disposed: 250) { xs.toArray() }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    // MARK: asCompletable

    func testAsCompletableOfASequenceOfNeverPassesItsTerminalEvent() {
        let scheduler = TestScheduler(initialClock: 0)
        let completing = scheduler.createHotObservable([Recorded<Event<Never>>.completed(250)])
        let other = TestScheduler(initialClock: 0)
        let failing = other.createHotObservable([Recorded<Event<Never>>.error(240, TestError.boom)])

        let completed = scheduler.start { completing.asCompletable() }
        let failed = other.start { failing.asCompletable() }

        XCTAssertEqual(completed.events.count, 1)
        XCTAssertEqual(completed.events.first?.time, 250)
        XCTAssertTrue(completed.events.first?.value.isCompleted ?? false)
        XCTAssertEqual(failed.events.first?.time, 240)
        XCTAssertEqual(failed.events.first?.value.error as? TestError, .boom)
    }
}
