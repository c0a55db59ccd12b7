import Dispatch
import Foundation
import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import Synchronization
import XCTest

final class RefCountTests: RxTestCase {
    func testConnectsAtTheFirstObserverAndDisconnectsAfterTheLast() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(240, 2), .next(270, 3), .next(290, 4), .next(310, 5), .next(330, 6),
        ])
        let counted = xs.publish().refCount()
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        let third = scheduler.createObserver(Int.self)
        var subscriptions: [any Disposable] = []

        scheduler.scheduleAt(200) { subscriptions.append(counted.subscribe(first)) }
        scheduler.scheduleAt(230) { subscriptions.append(counted.subscribe(second)) }
        scheduler.scheduleAt(260) { subscriptions[0].dispose() }
        scheduler.scheduleAt(280) {
            subscriptions[1].dispose()
            subscriptions[1].dispose()
        }
        scheduler.scheduleAt(300) { subscriptions.append(counted.subscribe(third)) }
        scheduler.scheduleAt(320) { subscriptions[2].dispose() }
        scheduler.start()

        XCTAssertEqual(first.events, [.next(210, 1), .next(240, 2)])
        XCTAssertEqual(second.events, [.next(240, 2), .next(270, 3)])
        XCTAssertEqual(third.events, [.next(310, 5)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 280), Subscription(300, 320)])
    }

    func testTheSourcesEndEndsTheConnectionAndTheNextObserverReconnects() {
        let scheduler = TestScheduler(initialClock: 0)
        let cold = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let counted = cold.publish().refCount()
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        let third = scheduler.createObserver(Int.self)
        let bag = CompositeDisposable()

        scheduler.scheduleAt(200) {
            _ = bag.insert(counted.subscribe(first))
            _ = bag.insert(counted.subscribe(second))
        }
        scheduler.scheduleAt(250) { _ = bag.insert(counted.subscribe(third)) }
        scheduler.scheduleAt(1000) { bag.dispose() }
        scheduler.start()

        XCTAssertEqual(first.events, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(second.events, first.events)
        XCTAssertEqual(third.events, [.next(260, 1), .next(270, 2), .completed(280)])
        XCTAssertEqual(cold.subscriptions, [Subscription(200, 230), Subscription(250, 280)])
    }

    func testAnErrorEndsTheConnectionForEveryObserver() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])
        let counted = xs.publish().refCount()
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        let bag = CompositeDisposable()

        scheduler.scheduleAt(200) {
            _ = bag.insert(counted.subscribe(first))
            _ = bag.insert(counted.subscribe(second))
        }
        scheduler.scheduleAt(1000) { bag.dispose() }
        scheduler.start()

        XCTAssertEqual(first.events, [.next(210, 1), .error(220, TestError.boom)])
        XCTAssertEqual(second.events, [.next(210, 1), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testSubscribingAgainFromTheCompletionHandlerStartsANewConnection() {
        var connections = 0
        let counted = Observable<Int>.deferred {
            connections += 1
            return .of(connections)
        }
        .publish()
        .refCount()
        var seen: [Int] = []
        let bag = CompositeDisposable()

        _ = bag.insert(
            counted.subscribe(
                onNext: { seen.append($0) },
                onCompleted: { _ = bag.insert(counted.subscribe(onNext: { seen.append($0) })) }))

        XCTAssertEqual(seen, [1, 2])
        XCTAssertEqual(connections, 2)
        bag.dispose()
    }

    func testAnObserverArrivingWhileAConnectionIsBeingDisposedObservesTheNextOne() {
        let connectable = HeldDisconnectionConnectable()
        let counted = connectable.refCount()
        let first = UncheckedSendable(counted.subscribe(onNext: { _ in }))
        let disposed = DispatchGroup()
        DispatchQueue.global().async(group: disposed) { first.value.dispose() }
        connectable.disconnectionStarted.wait()

        let received = RxMutex<[Int]>([])
        let second = counted.subscribe(onNext: { value in received.withLock { $0.append(value) } })
        connectable.finishDisconnection.signal()
        disposed.wait()
        connectable.send(5)
        second.dispose()

        XCTAssertEqual(received.withLock { $0 }, [5], "the late observer is on the new connection's subject")
        XCTAssertEqual(
            connectable.log.withLock { $0 },
            [
                "subscribe", "connect", "disconnection begins", "disconnection ends", "subscribe", "connect",
                "disconnection begins", "disconnection ends",
            ])
    }

    func testAnObserverThatLeavesBeforeADisposalEndsIsNeitherSubscribedNorConnected() {
        let connectable = HeldDisconnectionConnectable()
        let counted = connectable.refCount()
        let first = UncheckedSendable(counted.subscribe(onNext: { _ in }))
        let disposed = DispatchGroup()
        DispatchQueue.global().async(group: disposed) { first.value.dispose() }
        connectable.disconnectionStarted.wait()

        counted.subscribe(onNext: { _ in XCTFail("a disposed observer received an element") }).dispose()
        connectable.finishDisconnection.signal()
        disposed.wait()
        connectable.send(5)

        XCTAssertEqual(
            connectable.log.withLock { $0 }, ["subscribe", "connect", "disconnection begins", "disconnection ends"])
    }

    func testWithMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-1-^-2-3-4-5-|", values: ["1": 1, "2": 2, "3": 3, "4": 4, "5": 5])
        let counted = xs.publish().refCount()

        let observer = scheduler.start(disposed: 250) { counted }

        assertMarbles(observer, "--a-b-", values: ["a": 2, "b": 3])
        assertSubscriptions(xs, "^----!")
    }

    func testObserversSubscribingWhileTheSourceCompletesOnAnotherThreadAllEnd() {
        // Four threads subscribe while the source sends three elements and completes on a thread
        // of its own: every observer must be connected or receive the terminal event, never left
        // on a subject that nothing connects.
        for _ in 0..<500 {
            let source = PublishSubject<Int>()
            let shared = UncheckedSendable(source.share())
            let ended = Counter()
            let started = DispatchGroup()
            let subscriptions = Locked<[UncheckedSendable<any Disposable>]>([])
            let go = DispatchSemaphore(value: 0)
            for _ in 0..<4 {
                started.enter()
                DispatchQueue.global().async {
                    go.wait()
                    let subscription = shared.value.subscribe(onCompleted: { ended.increment() })
                    subscriptions.value.append(UncheckedSendable(subscription))
                    started.leave()
                }
            }
            let sent = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                go.wait()
                for value in 1...3 { source.onNext(value) }
                source.onCompleted()
                sent.signal()
            }
            for _ in 0..<5 { go.signal() }
            XCTAssertEqual(started.wait(timeout: .now() + 10), .success)
            XCTAssertEqual(sent.wait(timeout: .now() + 10), .success)
            // The source has ended: an observer of a later connection ends at once too, since a
            // subject that completed replays its completion.
            let deadline = Date().addingTimeInterval(5)
            while ended.value < 4 && Date() < deadline { usleep(100) }
            XCTAssertEqual(ended.value, 4, "an observer was left waiting")
            for subscription in subscriptions.value { subscription.value.dispose() }
            if ended.value < 4 { return }
        }
    }
}

/// A connectable sequence that logs what is done to it, feeds each connection a new subject (as
/// `publish()` does), and holds its first disconnection until told to finish it.
private final class HeldDisconnectionConnectable: ConnectableObservableType, Sendable {
    typealias Element = Int

    let log = RxMutex<[String]>([])
    let disconnectionStarted = DispatchSemaphore(value: 0)
    let finishDisconnection = DispatchSemaphore(value: 0)
    private let subject = RxMutex(PublishSubject<Int>())
    private let disconnections = RxMutex(0)

    func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable where Observer.Element == Int {
        log.withLock { $0.append("subscribe") }
        return subject.withLock { $0 }.subscribe(observer)
    }

    func connect() -> any Disposable {
        log.withLock { $0.append("connect") }
        return Disposables.create { [self] in
            log.withLock { $0.append("disconnection begins") }
            let isFirst = disconnections.withLock { count in
                count += 1
                return count == 1
            }
            if isFirst {
                disconnectionStarted.signal()
                finishDisconnection.wait()
            }
            // The next connection's subject.
            subject.withLock { $0 = PublishSubject() }
            log.withLock { $0.append("disconnection ends") }
        }
    }

    func send(_ value: Int) {
        subject.withLock { $0 }.onNext(value)
    }
}

// MARK: - Under contention

/// `refCount()` when observers come and go on many threads at once, each staying only an
/// instant: connecting and disconnecting run one thread at a time, so every observer that stays
/// subscribed is connected, and the source is unsubscribed once nobody is left.
final class RefCountStressReliabilityTests: RxTestCase {
    func testAnObserverArrivingWhileOthersComeAndGoIsConnected() {
        for _ in 0..<100 {
            let source = PublishSubject<Int>()
            let counted = UncheckedSendable(source.publish().refCount())
            let stayer = RxMutex<[Int]>([])
            let staying = RxMutex<UncheckedSendable<any Disposable>?>(nil)
            DispatchQueue.concurrentPerform(iterations: 4) { worker in
                for iteration in 0..<300 {
                    if worker == 0 && iteration == 150 {
                        let subscription = counted.value.subscribe(onNext: { value in
                            stayer.withLock { $0.append(value) }
                        })
                        staying.withLock { $0 = UncheckedSendable(subscription) }
                    }
                    counted.value.subscribe(onNext: { _ in }).dispose()
                }
            }
            source.onNext(1)
            staying.withLock { $0?.value.dispose() }
            XCTAssertEqual(stayer.withLock { $0 }, [1], "the observer that stayed is connected")
            XCTAssertFalse(source.hasObservers, "unsubscribed once nobody is left")
        }
    }
}
