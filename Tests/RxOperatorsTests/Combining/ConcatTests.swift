import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

final class ConcatTests: RxTestCase {
    func testSubscribesToEachSourceOnceThePreviousOneCompleted() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let ys = scheduler.createColdObservable([.next(10, 3), .completed(20)])

        let res = scheduler.start { Observable.concat(xs.asObservable(), ys.asObservable()) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .next(240, 3), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys.subscriptions, [Subscription(230, 250)])
    }

    func testWithMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-1-^-1-2-|")
        let ys = try scheduler.createColdObservable("-3-4|")

        let res = scheduler.start { xs.concat(ys) }

        assertMarbles(res, "--1-2--3-4|")
        assertSubscriptions(xs, "^-----!")
        assertSubscriptions(ys, "------^---!")
    }

    func testAnErrorEndsTheResultAndTheNextSourceIsNeverSubscribed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, TestError.boom)])
        let ys = scheduler.createColdObservable([.next(10, 3), .completed(20)])

        let res = scheduler.start { Observable.concat([xs.asObservable(), ys.asObservable()]) }

        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys.subscriptions, [])
    }

    func testDisposingMidStreamDisposesTheCurrentSourceOnly() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let ys = scheduler.createColdObservable([.next(10, 3), .next(50, 4), .completed(60)])
        let zs = scheduler.createColdObservable([.next(10, 5), .completed(20)])

        let res = scheduler.start(disposed: 250) {
            Observable.concat(xs.asObservable(), ys.asObservable(), zs.asObservable())
        }

        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 3)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys.subscriptions, [Subscription(220, 250)])
        XCTAssertEqual(zs.subscriptions, [])
    }

    func testEmptyFormsCompleteAtOnce() {
        let variadic = TestScheduler(initialClock: 0).start { Observable<Int>.concat() }
        let collection = TestScheduler(initialClock: 0).start { Observable<Int>.concat([Observable<Int>]()) }
        let sequence = TestScheduler(initialClock: 0).start {
            Observable<Int>.concat(AnySequence([Observable<Int>]()))
        }
        let outer = TestScheduler(initialClock: 0).start { Observable<Observable<Int>>.empty().concat() }

        for res in [variadic, collection, sequence, outer] {
            XCTAssertEqual(res.events, [.completed(200)])
        }
    }

    func testTheCollectionAndSequenceFormsTakeTheSourcesInOrder() {
        let sources = [Observable.of(1, 2), Observable.of(3, 4)]
        var fromCollection: [Int] = []
        var fromSequence: [Int] = []

        _ = Observable.concat(sources[...]).subscribe(onNext: { fromCollection.append($0) })
        _ = Observable.concat(AnySequence(sources)).subscribe(onNext: { fromSequence.append($0) })

        XCTAssertEqual(fromCollection, [1, 2, 3, 4])
        XCTAssertEqual(fromSequence, [1, 2, 3, 4])
    }

    func testAnInfiniteSequenceIsIteratedLazily() {
        let scheduler = TestScheduler(initialClock: 0)
        var made = 0
        let sources = AnySequence { () -> AnyIterator<Observable<Int>> in
            var next = 0
            return AnyIterator {
                made += 1
                defer { next += 1 }
                return .just(next, scheduler: scheduler)
            }
        }

        let res = scheduler.start { Observable.concat(sources).take(5) }

        XCTAssertEqual(res.events.compactMap(\.value.element), [0, 1, 2, 3, 4])
        XCTAssertEqual(made, 5)
    }

    func testManySourcesCompletingWhileBeingSubscribedDoNotGrowTheStack() {
        let count = 100_000
        var sum = 0
        var completed = false

        _ = Observable.concat((0..<count).map { Observable.just($0) }).subscribe(
            onNext: { sum += $0 }, onCompleted: { completed = true })

        XCTAssertEqual(sum, count * (count - 1) / 2)
        XCTAssertTrue(completed)
    }

    func testConcatOfAnOuterSequenceRunsItsInnersOneAtATime() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([.next(10, 1), .next(40, 2), .completed(50)])
        let second = scheduler.createColdObservable([.next(10, 3), .completed(20)])
        let outer = scheduler.createHotObservable([
            .next(210, first.asObservable()), .next(220, second.asObservable()), .completed(230),
        ])

        let res = scheduler.start { outer.concat() }

        XCTAssertEqual(res.events, [.next(220, 1), .next(250, 2), .next(270, 3), .completed(280)])
        XCTAssertEqual(outer.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(first.subscriptions, [Subscription(210, 260)])
        XCTAssertEqual(second.subscriptions, [Subscription(260, 280)])
    }

    func testTrampolinedSourcesDoNotInterleave() {
        var received: [Int] = []

        _ = Observable.concat(.of(1, 2), .of(3, 4)).subscribe(onNext: { received.append($0) })

        XCTAssertEqual(received, [1, 2, 3, 4])
    }

    func testASourceThatKeepsSendingAfterItCompletedCannotReachTheNextOne() {
        var observer: AnyObserver<Int>?
        let ignoring = Observable<Int>.create { receiver in
            observer = receiver
            return Disposables.create()
        }
        let next = PublishSubject<Int>()
        var received: [Int] = []
        let subscription = Observable.concat(ignoring, next.asObservable()).subscribe(onNext: { received.append($0) })

        observer?.onNext(1)
        observer?.onCompleted()
        observer?.onNext(2)
        next.onNext(3)

        XCTAssertEqual(received, [1, 3])
        subscription.dispose()
        observer = nil
    }
}
