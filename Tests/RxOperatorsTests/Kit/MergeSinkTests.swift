import RxDisposables
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

@testable import RxCore
@testable import RxOperators

/// ``MergeSink`` through its own API: a minimal subclass whose outer elements are the inner
/// sequences themselves, run with `run(_:)` or `run(elements:)`.
final class MergeSinkTests: RxTestCase {
    final class Flatten<Observer: ObserverType>: MergeSink<
        Observable<Observer.Element>, Observable<Observer.Element>, Observer
    >
    {
        override func inner(for element: Observable<Observer.Element>) throws -> Observable<Observer.Element> {
            element
        }
    }

    private func flatten<Element>(
        _ outer: Observable<Observable<Element>>, maxConcurrent: Int = .max, into observer: TestableObserver<Element>
    ) -> Flatten<TestableObserver<Element>> {
        let sink = Flatten(maxConcurrent: maxConcurrent, observer: observer, cancel: BooleanDisposable())
        _ = sink.run(outer)
        return sink
    }

    func testCompletesOnlyOnceTheOuterAndEveryInnerSequenceHave() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([.next(10, 1), .completed(50)])
        let second = scheduler.createColdObservable([.next(10, 2), .completed(20)])
        let outer = scheduler.createHotObservable([
            .next(100, first.asObservable()), .next(110, second.asObservable()), .completed(120),
        ])
        let observer = scheduler.createObserver(Int.self)

        let sink = flatten(outer.asObservable(), into: observer)
        scheduler.start()

        XCTAssertEqual(observer.events, [.next(110, 1), .next(120, 2), .completed(150)])
        XCTAssertEqual(first.subscriptions, [Subscription(100, 150)])
        XCTAssertEqual(second.subscriptions, [Subscription(110, 130)])
        XCTAssertEqual(outer.subscriptions, [Subscription(0, 120)], "the outer subscription ends with it")
        XCTAssertTrue(sink.isDisposed)
    }

    func testTheFirstErrorPassesOnceAndDisposesEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let running = scheduler.createColdObservable([.next(10, 1), .next(100, 9), .completed(200)])
        let failing = scheduler.createColdObservable([.error(20, TestError.boom)] as [Recorded<Event<Int>>])
        let outer = scheduler.createHotObservable([
            .next(100, running.asObservable()), .next(110, failing.asObservable()),
            .next(140, Observable<Int>.error(TestError.other)), .completed(300),
        ])
        let observer = scheduler.createObserver(Int.self)

        _ = flatten(outer.asObservable(), into: observer)
        scheduler.start()

        XCTAssertEqual(observer.events, [.next(110, 1), .error(130, TestError.boom)])
        XCTAssertEqual(running.subscriptions, [Subscription(100, 130)])
        XCTAssertEqual(outer.subscriptions, [Subscription(0, 130)])
    }

    func testWithALimitWaitingInnerSequencesAreSubscribedInOrderAsPlacesFreeUp() {
        let scheduler = TestScheduler(initialClock: 0)
        let inners = (0..<3).map { index in
            scheduler.createColdObservable([.next(10, index), .completed(20)])
        }
        let outer = scheduler.createHotObservable([
            .next(100, inners[0].asObservable()), .next(101, inners[1].asObservable()),
            .next(102, inners[2].asObservable()), .completed(103),
        ])
        let observer = scheduler.createObserver(Int.self)

        _ = flatten(outer.asObservable(), maxConcurrent: 1, into: observer)
        scheduler.start()

        XCTAssertEqual(observer.events, [.next(110, 0), .next(130, 1), .next(150, 2), .completed(160)])
        XCTAssertEqual(
            inners.map(\.subscriptions), [[Subscription(100, 120)], [Subscription(120, 140)], [Subscription(140, 160)]])
    }

    func testWaitingInnerSequencesThatEndWhileSubscribedAreStartedFromALoopNotRecursively() {
        let gate = PublishSubject<Int>()
        var depth = 0
        var deepest = 0
        let ending = Observable<Int>.create { observer in
            depth += 1
            deepest = max(deepest, depth)
            observer.onNext(depth)
            observer.onCompleted()
            depth -= 1
            return Disposables.create()
        }
        let count = 2_000
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.createObserver(Int.self)
        let sink = Flatten(maxConcurrent: 1, observer: observer, cancel: BooleanDisposable())

        _ = sink.run(elements: [gate.asObservable()] + Array(repeating: ending, count: count))
        gate.onCompleted()

        XCTAssertEqual(observer.events.count, count + 1)
        XCTAssertEqual(observer.events.last, .completed(0))
        XCTAssertEqual(deepest, 1, "an inner sequence was subscribed from inside another's subscription")
    }

    func testDisposingEndsTheRunningInnerSequencesAndLetsGoOfTheWaitingOnes() {
        let scheduler = TestScheduler(initialClock: 0)
        let running = scheduler.createColdObservable([.next(10, 1), .completed(500)])
        weak var waiting: Observable<Int>?
        let observer = scheduler.createObserver(Int.self)
        let sink = Flatten(maxConcurrent: 1, observer: observer, cancel: BooleanDisposable())
        do {
            let queued = Observable<Int>.never()
            waiting = queued
            _ = sink.run(elements: [running.asObservable(), queued])
        }
        XCTAssertNotNil(waiting, "the waiting inner sequence is kept until a place frees up")

        scheduler.scheduleAt(50) { sink.dispose() }
        scheduler.start()

        XCTAssertNil(waiting, "disposal let go of the waiting inner sequence")
        XCTAssertEqual(observer.events, [.next(10, 1)])
        XCTAssertEqual(running.subscriptions, [Subscription(0, 50)])
    }

    func testDropsOuterElementsWhileAnInnerSequenceRunsWhenAskedTo() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([.next(10, 1), .completed(30)])
        let dropped = scheduler.createColdObservable([.next(10, 2), .completed(30)])
        let third = scheduler.createColdObservable([.next(10, 3), .completed(30)])
        let outer = scheduler.createHotObservable([
            .next(100, first.asObservable()), .next(110, dropped.asObservable()), .next(200, third.asObservable()),
            .completed(300),
        ])
        let observer = scheduler.createObserver(Int.self)
        let sink = Flatten(dropsWhileActive: true, observer: observer, cancel: BooleanDisposable())

        _ = sink.run(outer.asObservable())
        scheduler.start()

        XCTAssertEqual(observer.events, [.next(110, 1), .next(210, 3), .completed(300)])
        XCTAssertEqual(dropped.subscriptions, [])
    }
}
