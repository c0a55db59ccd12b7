import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

final class MulticastTests: RxTestCase {
    private func hotSource(_ scheduler: TestScheduler) -> TestableObservable<Int> {
        scheduler.createHotObservable([
            .next(110, 1), .next(210, 2), .next(220, 3), .next(240, 4), .next(250, 5), .next(270, 6),
            .next(290, 7), .completed(300),
        ])
    }

    func testObserversSeeNothingUntilTheConnection() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = hotSource(scheduler)
        let connectable = xs.multicast(PublishSubject<Int>())
        let observer = scheduler.createObserver(Int.self)
        let bag = CompositeDisposable()

        scheduler.scheduleAt(200) { _ = bag.insert(connectable.subscribe(observer)) }
        scheduler.scheduleAt(230) { _ = bag.insert(connectable.connect()) }
        scheduler.scheduleAt(1000) { bag.dispose() }
        scheduler.start()

        XCTAssertEqual(observer.events, [.next(240, 4), .next(250, 5), .next(270, 6), .next(290, 7), .completed(300)])
        // The connection ends itself on the source's terminal event.
        XCTAssertEqual(xs.subscriptions, [Subscription(230, 300)])
    }

    func testConnectingAgainWhileConnectedReturnsTheSameConnection() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = hotSource(scheduler)
        let connectable = xs.multicast(PublishSubject<Int>())
        var connections: [any Disposable] = []

        scheduler.scheduleAt(200) { connections.append(connectable.connect()) }
        scheduler.scheduleAt(210) { connections.append(connectable.connect()) }
        scheduler.scheduleAt(260) { connections[1].dispose() }
        scheduler.scheduleAt(270) { connections[0].dispose() }
        scheduler.start()

        XCTAssertTrue((connections[0] as AnyObject) === (connections[1] as AnyObject))
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 260)])
    }

    func testDisposingTheConnectionUnsubscribesAndConnectingAgainResubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = hotSource(scheduler)
        let connectable = xs.multicast(PublishSubject<Int>())
        let observer = scheduler.createObserver(Int.self)
        var connection: (any Disposable)?
        let bag = CompositeDisposable()

        scheduler.scheduleAt(200) { _ = bag.insert(connectable.subscribe(observer)) }
        scheduler.scheduleAt(215) { connection = connectable.connect() }
        scheduler.scheduleAt(245) {
            connection?.dispose()
            connection?.dispose()
        }
        scheduler.scheduleAt(260) { connection = connectable.connect() }
        scheduler.scheduleAt(280) { connection?.dispose() }
        scheduler.scheduleAt(1000) { bag.dispose() }
        scheduler.start()

        XCTAssertEqual(observer.events, [.next(220, 3), .next(240, 4), .next(270, 6)])
        XCTAssertEqual(xs.subscriptions, [Subscription(215, 245), Subscription(260, 280)])
    }

    func testOneGivenSubjectServesEveryConnectionAndStaysEndedOnceItEnded() {
        let scheduler = TestScheduler(initialClock: 0)
        let cold = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let connectable = cold.multicast(ReplaySubject<Int>.create(bufferSize: 1))
        let early = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)
        let bag = CompositeDisposable()

        scheduler.scheduleAt(200) { _ = bag.insert(connectable.subscribe(early)) }
        scheduler.scheduleAt(205) { _ = bag.insert(connectable.connect()) }
        scheduler.scheduleAt(300) { _ = bag.insert(connectable.subscribe(late)) }
        scheduler.scheduleAt(310) { _ = bag.insert(connectable.connect()) }
        scheduler.scheduleAt(1000) { bag.dispose() }
        scheduler.start()

        XCTAssertEqual(early.events, [.next(215, 1), .completed(225)])
        XCTAssertEqual(late.events, [.next(300, 1), .completed(300)], "the same, ended subject")
        XCTAssertEqual(cold.subscriptions, [Subscription(205, 225), Subscription(310, 330)])
    }

    func testMakeSubjectGivesEachConnectionANewSubject() {
        let scheduler = TestScheduler(initialClock: 0)
        let cold = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        var made = 0
        let connectable = cold.multicast(makeSubject: { () -> PublishSubject<Int> in
            made += 1
            return PublishSubject()
        })
        let early = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)
        let bag = CompositeDisposable()

        scheduler.scheduleAt(200) { _ = bag.insert(connectable.subscribe(early)) }
        scheduler.scheduleAt(205) { _ = bag.insert(connectable.connect()) }
        scheduler.scheduleAt(300) { _ = bag.insert(connectable.subscribe(late)) }
        scheduler.scheduleAt(310) { _ = bag.insert(connectable.connect()) }
        scheduler.scheduleAt(1000) { bag.dispose() }
        scheduler.start()

        XCTAssertEqual(early.events, [.next(215, 1), .completed(225)])
        XCTAssertEqual(late.events, [.next(320, 1), .completed(330)], "a fresh subject for the second connection")
        XCTAssertEqual(made, 2)
        XCTAssertEqual(cold.subscriptions, [Subscription(205, 225), Subscription(310, 330)])
    }

    func testAnObserverLeavingDoesNotEndTheConnection() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = hotSource(scheduler)
        let connectable = xs.multicast(PublishSubject<Int>())
        let leaving = scheduler.createObserver(Int.self)
        let staying = scheduler.createObserver(Int.self)
        var leavingSubscription: (any Disposable)?
        let bag = CompositeDisposable()

        scheduler.scheduleAt(200) {
            leavingSubscription = connectable.subscribe(leaving)
            _ = bag.insert(connectable.subscribe(staying))
            _ = bag.insert(connectable.connect())
        }
        scheduler.scheduleAt(230) { leavingSubscription?.dispose() }
        scheduler.scheduleAt(1000) { bag.dispose() }
        scheduler.start()

        XCTAssertEqual(leaving.events, [.next(210, 2), .next(220, 3)])
        XCTAssertEqual(staying.events.count, 7)
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testAConnectionUnsubscribesBeforePassingTheTerminalEventOn() {
        // RxSwift 6.10's order, with `refCount()` (`TerminalOrder.swift`) and without.
        let forms: [(String, (Observable<Int>) -> Observable<Int>)] = [
            ("multicast(_:).refCount()", { $0.multicast(PublishSubject()).refCount() }),
            ("multicast(makeSubject:).refCount()", { $0.multicast(makeSubject: { PublishSubject() }).refCount() }),
        ]
        for (name, form) in forms {
            for ending in [SourceEnding.laterWithCompletion, .laterWithError, .whileSubscribing] {
                XCTAssertEqual(
                    terminalOrder(of: form, sourceEnds: ending), RxSwiftTerminalOrder.disposedFirst(ending),
                    "\(name), \(ending)")
            }
        }

        var log: [String] = []
        let source = PublishSubject<Int>()
        let connectable = source.do(onDispose: { log.append("upstream disposed") }).multicast(PublishSubject())
        _ = connectable.subscribe { log.append("seen \($0)") }
        let connection = connectable.connect()
        source.onNext(1)
        source.onCompleted()
        connection.dispose()

        XCTAssertEqual(log, ["seen next(1)", "upstream disposed", "seen completed"])
    }

}
