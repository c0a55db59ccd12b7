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

    func testTheTwoSequenceFormLetsGoOfTheFirstOnceItCompleted() {
        let subject = PublishSubject<Int>()
        var captured: Captured? = Captured()
        weak let weakCaptured = captured
        var first: Observable<Int>? = subject.do(onCompleted: { [captured] in _ = captured })
        var received: [Int] = []

        let subscription = first!.concat(Observable<Int>.never()).subscribe(onNext: { received.append($0) })
        defer { subscription.dispose() }
        subject.onNext(1)
        subject.onCompleted()
        captured = nil
        first = nil

        XCTAssertEqual(received, [1])
        XCTAssertNil(weakCaptured, "the first sequence outlived its completion")
    }

    // MARK: Concatenations nested in concatenations (RxSwift's tail recursion)

    /// `[just(start), [just(start + 1), [ … ].concat()].concat()].concat()`, as RxSwift's
    /// `ConcatTests` build it: each level is a two-element collection whose last element is the
    /// next level.
    private func nestedCollection(_ start: Int) -> Observable<Int> {
        Observable.concat(
            [0, 1].lazy.map { index in
                index == 0
                    ? Observable.just(start, scheduler: CurrentThreadScheduler.instance)
                    : self.nestedCollection(start + 1)
            })
    }

    /// The same nesting through a lazy sequence, whose end is known only when it is asked again.
    private func nestedSequence(_ start: Int) -> Observable<Int> {
        Observable.concat(
            AnySequence(
                [0, 1].lazy.map { index in
                    index == 0
                        ? Observable.just(start, scheduler: CurrentThreadScheduler.instance)
                        : self.nestedSequence(start + 1)
                }))
    }

    /// What `source` sends while it is being subscribed to (the trampoline runs everything
    /// scheduled on the current thread before `subscribe` returns).
    private func elementsSentAtSubscription(_ source: Observable<Int>) -> [Int] {
        var elements: [Int] = []
        _ = source.subscribe(onNext: { elements.append($0) })
        return elements
    }

    // RxSwift 6.10's `testConcat_TailRecursionCollection`: a collection leaves the stack as its last
    // sequence is taken, so however deep the nesting, one subscription runs it on a stack of one.
    func testConcatenationsNestedThroughCollectionsRunOnAStackOfOne() {
        maxTailRecursiveSinkStackSize = 0

        let elements = elementsSentAtSubscription(nestedCollection(0).take(100))

        XCTAssertEqual(elements, Array(0..<100))
        XCTAssertEqual(maxTailRecursiveSinkStackSize, Resources.isTracking ? 1 : 0)
    }

    // RxSwift 6.10's `testConcat_TailRecursionSequence`: a lazy sequence stays on the stack until
    // its continuation completes, so the stack grows with the nesting; the number is that growth.
    func testConcatenationsNestedThroughLazySequencesGrowTheStackByOnePerLevel() {
        maxTailRecursiveSinkStackSize = 0

        let elements = elementsSentAtSubscription(nestedSequence(0).take(100))

        XCTAssertEqual(elements, Array(0..<100))
        // Level n is pushed onto the n levels below it as the element n is taken.
        XCTAssertEqual(maxTailRecursiveSinkStackSize, Resources.isTracking ? 100 : 0)
    }

    func testAConcatWithoutNestingRecordsAStackOfOne() {
        maxTailRecursiveSinkStackSize = 0

        _ = Observable.concat(Observable.just(1), Observable.just(2)).subscribe()

        XCTAssertEqual(maxTailRecursiveSinkStackSize, Resources.isTracking ? 1 : 0)
    }

    func testANestedConcatIsRunInTheSameSubscriptionWithTheSameEvents() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let b = scheduler.createColdObservable([.next(10, 2), .completed(20)])
        let c = scheduler.createColdObservable([.next(10, 3), .completed(20)])
        let d = scheduler.createColdObservable([.next(10, 4), .completed(20)])
        maxTailRecursiveSinkStackSize = 0
        // Lazy sequences all: each level stays on the stack under the one it nests.
        let innermost = Observable.concat(AnySequence([c.asObservable(), d.asObservable()]))
        let inner = Observable.concat(AnySequence([b.asObservable(), innermost]))

        let res = scheduler.start { Observable.concat(AnySequence([a.asObservable(), inner])) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 2), .next(250, 3), .next(270, 4), .completed(280)])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(b.subscriptions, [Subscription(220, 240)])
        XCTAssertEqual(c.subscriptions, [Subscription(240, 260)])
        XCTAssertEqual(d.subscriptions, [Subscription(260, 280)])
        XCTAssertEqual(maxTailRecursiveSinkStackSize, Resources.isTracking ? 3 : 0)
    }

    func testAConcatOfAnotherKindIsSubscribedToAsAnySource() {
        // As in RxSwift, only a concatenation over the same type of sequence is taken in: a pair
        // (`a.concat(b)`) inside an array is a source like any other, with the same events.
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let b = scheduler.createColdObservable([.next(10, 2), .completed(20)])
        let c = scheduler.createColdObservable([.next(10, 3), .completed(20)])
        maxTailRecursiveSinkStackSize = 0

        let res = scheduler.start { Observable.concat([a.asObservable(), b.asObservable().concat(c)]) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 2), .next(250, 3), .completed(260)])
        XCTAssertEqual(b.subscriptions, [Subscription(220, 240)])
        XCTAssertEqual(c.subscriptions, [Subscription(240, 260)])
        XCTAssertEqual(maxTailRecursiveSinkStackSize, Resources.isTracking ? 1 : 0)
    }

    func testAnEmptyNestedConcatIsSkipped() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([.next(10, 1), .completed(20)])

        let res = scheduler.start {
            Observable.concat([Observable.concat([Observable<Int>]()), a.asObservable(), Observable.concat([])])
        }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(220)])
    }

    func testAnErrorInANestedConcatEndsTheWholeConcatenation() {
        let scheduler = TestScheduler(initialClock: 0)
        let after = scheduler.createColdObservable([.next(10, 9), .completed(20)])
        let nested = Observable.concat(Observable.just(1), Observable<Int>.error(TestError.boom))

        let res = scheduler.start { Observable.concat([nested, after.asObservable()]) }

        XCTAssertEqual(res.events, [.next(200, 1), .error(200, TestError.boom)])
        XCTAssertEqual(after.subscriptions, [])
    }

    func testAnInfinitelyNestedConcatStopsWhenDisposed() {
        var made = 0
        func forever() -> Observable<Int> {
            Observable.concat(
                [0, 1].lazy.map { index in
                    made += 1
                    return index == 0 ? Observable.just(made, scheduler: CurrentThreadScheduler.instance) : forever()
                })
        }

        let elements = elementsSentAtSubscription(forever().take(1000))

        XCTAssertEqual(elements, (0..<1000).map { 2 * $0 + 1 })
        XCTAssertEqual(made, 1999, "each level made its element, then its continuation, until the 1000th")
    }
}

/// An object a closure captures, to tell when the closure is let go of.
private final class Captured {}
