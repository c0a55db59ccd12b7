import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

/// `publish()`, `replay(_:)` and `replayAll()`.
final class PublishTests: RxTestCase {
    private func hotSource(_ scheduler: TestScheduler) -> TestableObservable<Int> {
        scheduler.createHotObservable([
            .next(110, 1), .next(210, 2), .next(220, 3), .next(240, 4), .next(250, 5), .completed(300),
        ])
    }

    func testPublishSendsWhatComesAfterTheConnection() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = hotSource(scheduler)
        let published = xs.publish()
        let early = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)
        let bag = CompositeDisposable()

        scheduler.scheduleAt(200) { _ = bag.insert(published.subscribe(early)) }
        scheduler.scheduleAt(215) { _ = bag.insert(published.connect()) }
        scheduler.scheduleAt(230) { _ = bag.insert(published.subscribe(late)) }
        scheduler.scheduleAt(1000) { bag.dispose() }
        scheduler.start()

        XCTAssertEqual(early.events, [.next(220, 3), .next(240, 4), .next(250, 5), .completed(300)])
        XCTAssertEqual(late.events, [.next(240, 4), .next(250, 5), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(215, 300)])
    }

    func testReplaySendsALateObserverTheLastElementsAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = hotSource(scheduler)
        let replayed = xs.replay(2)
        let late = scheduler.createObserver(Int.self)
        let afterTheEnd = scheduler.createObserver(Int.self)
        let bag = CompositeDisposable()

        scheduler.scheduleAt(200) { _ = bag.insert(replayed.connect()) }
        scheduler.scheduleAt(245) { _ = bag.insert(replayed.subscribe(late)) }
        scheduler.scheduleAt(1000) { bag.dispose() }
        scheduler.start()
        // After the connection ended its subject went with it: a new observer waits for the next.
        _ = replayed.subscribe(afterTheEnd)

        XCTAssertEqual(late.events, [.next(245, 3), .next(245, 4), .next(250, 5), .completed(300)])
        XCTAssertEqual(afterTheEnd.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testReplayAllSendsALateObserverEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = hotSource(scheduler)
        let replayed = xs.replayAll()
        let late = scheduler.createObserver(Int.self)
        let bag = CompositeDisposable()

        scheduler.scheduleAt(200) { _ = bag.insert(replayed.connect()) }
        scheduler.scheduleAt(260) { _ = bag.insert(replayed.subscribe(late)) }
        scheduler.scheduleAt(1000) { bag.dispose() }
        scheduler.start()

        XCTAssertEqual(late.events, [.next(260, 2), .next(260, 3), .next(260, 4), .next(260, 5), .completed(300)])
    }

    func testReplayOfZeroIsPublish() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = hotSource(scheduler)
        let replayed = xs.replay(0)
        let late = scheduler.createObserver(Int.self)
        let bag = CompositeDisposable()

        scheduler.scheduleAt(200) { _ = bag.insert(replayed.connect()) }
        scheduler.scheduleAt(245) { _ = bag.insert(replayed.subscribe(late)) }
        scheduler.scheduleAt(1000) { bag.dispose() }
        scheduler.start()

        XCTAssertEqual(late.events, [.next(250, 5), .completed(300)])
    }

    func testAnErrorReachesEveryObserverAndEndsTheConnection() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom), .next(230, 2)])
        let published = xs.publish()
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        let bag = CompositeDisposable()

        scheduler.scheduleAt(200) {
            _ = bag.insert(published.subscribe(first))
            _ = bag.insert(published.subscribe(second))
            _ = bag.insert(published.connect())
        }
        scheduler.scheduleAt(1000) { bag.dispose() }
        scheduler.start()

        XCTAssertEqual(first.events, [.next(210, 1), .error(220, TestError.boom)])
        XCTAssertEqual(second.events, [.next(210, 1), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testWithMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("^-1-2-3-4-|", values: ["1": 1, "2": 2, "3": 3, "4": 4])
        let replayed = xs.replay(1)
        let observer = scheduler.createObserver(Int.self)
        let bag = CompositeDisposable()

        scheduler.scheduleAt(200) { _ = bag.insert(replayed.connect()) }
        scheduler.scheduleAt(250) { _ = bag.insert(replayed.subscribe(observer)) }
        scheduler.scheduleAt(1000) { bag.dispose() }
        scheduler.start()

        assertMarbles(observer, "-----ab-c-|", values: ["a": 2, "b": 3, "c": 4])
    }

    func testRefCountedPublishAndReplayUnsubscribeBeforePassingTheTerminalEventOn() {
        // RxSwift 6.10's order (`TerminalOrder.swift`).
        let forms: [(String, (Observable<Int>) -> Observable<Int>)] = [
            ("publish().refCount()", { $0.publish().refCount() }),
            ("replay(1).refCount()", { $0.replay(1).refCount() }),
            ("replay(2).refCount()", { $0.replay(2).refCount() }),
            ("replayAll().refCount()", { $0.replayAll().refCount() }),
        ]
        for (name, form) in forms {
            for ending in [SourceEnding.laterWithCompletion, .laterWithError, .whileSubscribing] {
                XCTAssertEqual(
                    terminalOrder(of: form, sourceEnds: ending), RxSwiftTerminalOrder.disposedFirst(ending),
                    "\(name), \(ending)")
            }
        }
    }

}
