import Dispatch
import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import Synchronization
import XCTest

final class ShareTests: RxTestCase {
    private func hotSource(_ scheduler: TestScheduler) -> TestableObservable<Int> {
        scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(240, 3), .next(260, 4), .next(320, 5), .next(340, 6),
            .completed(400),
        ])
    }

    func testObserversShareOneSubscriptionWhileAnyIsSubscribed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = hotSource(scheduler)
        let shared = xs.share()
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        let third = scheduler.createObserver(Int.self)
        var subscriptions: [any Disposable] = []

        scheduler.scheduleAt(200) { subscriptions.append(shared.subscribe(first)) }
        scheduler.scheduleAt(230) { subscriptions.append(shared.subscribe(second)) }
        scheduler.scheduleAt(250) { subscriptions[0].dispose() }
        scheduler.scheduleAt(270) { subscriptions[1].dispose() }
        scheduler.scheduleAt(300) { subscriptions.append(shared.subscribe(third)) }
        scheduler.scheduleAt(1000) { subscriptions[2].dispose() }
        scheduler.start()

        XCTAssertEqual(first.events, [.next(210, 1), .next(220, 2), .next(240, 3)])
        XCTAssertEqual(second.events, [.next(240, 3), .next(260, 4)])
        XCTAssertEqual(third.events, [.next(320, 5), .next(340, 6), .completed(400)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 270), Subscription(300, 400)])
    }

    func testReplayOneSendsTheLatestElementToALateObserver() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = hotSource(scheduler)
        let shared = xs.share(replay: 1)
        let first = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)
        let bag = CompositeDisposable()

        scheduler.scheduleAt(200) { _ = bag.insert(shared.subscribe(first)) }
        scheduler.scheduleAt(250) { _ = bag.insert(shared.subscribe(late)) }
        scheduler.scheduleAt(1000) { bag.dispose() }
        scheduler.start()

        XCTAssertEqual(late.events, [.next(250, 3), .next(260, 4), .next(320, 5), .next(340, 6), .completed(400)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
    }

    func testWhileConnectedStartsAfreshAfterEveryoneLeft() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = hotSource(scheduler)
        let shared = xs.share(replay: 1, scope: .whileConnected)
        let first = scheduler.createObserver(Int.self)
        let later = scheduler.createObserver(Int.self)
        var subscriptions: [any Disposable] = []

        scheduler.scheduleAt(200) { subscriptions.append(shared.subscribe(first)) }
        scheduler.scheduleAt(250) { subscriptions[0].dispose() }
        scheduler.scheduleAt(300) { subscriptions.append(shared.subscribe(later)) }
        scheduler.scheduleAt(1000) { subscriptions[1].dispose() }
        scheduler.start()

        XCTAssertEqual(later.events, [.next(320, 5), .next(340, 6), .completed(400)], "nothing replayed")
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250), Subscription(300, 400)])
    }

    func testForeverKeepsOneSubjectAcrossConnections() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = hotSource(scheduler)
        let shared = xs.share(replay: 1, scope: .forever)
        let first = scheduler.createObserver(Int.self)
        let later = scheduler.createObserver(Int.self)
        var subscriptions: [any Disposable] = []

        scheduler.scheduleAt(200) { subscriptions.append(shared.subscribe(first)) }
        scheduler.scheduleAt(250) { subscriptions[0].dispose() }
        scheduler.scheduleAt(300) { subscriptions.append(shared.subscribe(later)) }
        scheduler.scheduleAt(1000) { subscriptions[1].dispose() }
        scheduler.start()

        XCTAssertEqual(
            later.events, [.next(300, 3), .next(320, 5), .next(340, 6), .completed(400)], "3 kept by the subject")
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250), Subscription(300, 400)])
    }

    func testAfterTheSourceCompletedForeverReplaysAndWhileConnectedResubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let foreverSource = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let whileConnectedSource = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let forever = foreverSource.share(replay: 1, scope: .forever)
        let whileConnected = whileConnectedSource.share(replay: 1, scope: .whileConnected)
        let foreverLate = scheduler.createObserver(Int.self)
        let whileConnectedLate = scheduler.createObserver(Int.self)
        let bag = CompositeDisposable()

        scheduler.scheduleAt(200) {
            _ = bag.insert(forever.subscribe { _ in })
            _ = bag.insert(whileConnected.subscribe { _ in })
        }
        scheduler.scheduleAt(300) {
            _ = bag.insert(forever.subscribe(foreverLate))
            _ = bag.insert(whileConnected.subscribe(whileConnectedLate))
        }
        scheduler.scheduleAt(1000) { bag.dispose() }
        scheduler.start()

        XCTAssertEqual(foreverLate.events, [.next(300, 2), .completed(300)])
        XCTAssertEqual(whileConnectedLate.events, [.next(310, 1), .next(320, 2), .completed(330)])
        XCTAssertEqual(whileConnectedSource.subscriptions, [Subscription(200, 230), Subscription(300, 330)])
        // The ended subject answers while the observer subscribes, so nobody is left to connect for.
        XCTAssertEqual(foreverSource.subscriptions, [Subscription(200, 230)])
    }

    func testObserversSubscribedTogetherShareOneSubscriptionToAColdSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let cold = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let shared = cold.share()
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        let bag = CompositeDisposable()

        scheduler.scheduleAt(200) {
            _ = bag.insert(shared.subscribe(first))
            _ = bag.insert(shared.subscribe(second))
        }
        scheduler.scheduleAt(1000) { bag.dispose() }
        scheduler.start()

        XCTAssertEqual(first.events, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(second.events, first.events)
        XCTAssertEqual(cold.subscriptions, [Subscription(200, 230)])
    }

    func testAnEndedForeverSubjectAnswersANewObserverWithWhatItKept() {
        var runs = 0
        let shared = Observable<Int>.deferred {
            runs += 1
            return .just(runs)
        }
        .map { $0 * 10 }
        .share(replay: 1, scope: .forever)
        var seen: [Int] = []

        shared.subscribe(onNext: { seen.append($0) }).dispose()
        shared.subscribe(onNext: { seen.append($0) }).dispose()

        XCTAssertEqual(seen, [10, 10], "the second observer gets the kept 10")
        // It received the subject's end while subscribing, so refCount does not run the source again.
        XCTAssertEqual(runs, 1)
    }

    func testWithMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("^-a-b-c-|", values: ["a": 1, "b": 2, "c": 3])
        let shared = xs.share(replay: 1)
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        let bag = CompositeDisposable()

        scheduler.scheduleAt(200) { _ = bag.insert(shared.subscribe(first)) }
        scheduler.scheduleAt(250) { _ = bag.insert(shared.subscribe(second)) }
        scheduler.scheduleAt(1000) { bag.dispose() }
        scheduler.start()

        assertMarbles(first, "--a-b-c-|", values: ["a": 1, "b": 2, "c": 3])
        assertMarbles(second, "-----bc-|", values: ["b": 2, "c": 3])
        assertSubscriptions(xs, "^-------!")
    }

    // The terminal order of each form against RxSwift 6.10's (`TerminalOrder.swift`).

    func testReplayZeroAndOneWhileConnectedPassTheTerminalEventOnBeforeUnsubscribing() {
        for ending in [SourceEnding.laterWithCompletion, .laterWithError, .whileSubscribing] {
            XCTAssertEqual(
                terminalOrder(of: { $0.share() }, sourceEnds: ending), RxSwiftTerminalOrder.forwardedFirst(ending),
                "share(), \(ending)")
            XCTAssertEqual(
                terminalOrder(of: { $0.share(replay: 1) }, sourceEnds: ending),
                RxSwiftTerminalOrder.forwardedFirst(ending), "share(replay: 1), \(ending)")
        }
    }

    func testTheOtherFormsUnsubscribeBeforePassingTheTerminalEventOn() {
        let forms: [(String, (Observable<Int>) -> Observable<Int>)] = [
            ("share(replay: 2)", { $0.share(replay: 2) }),
            ("share(replay: 0, scope: .forever)", { $0.share(replay: 0, scope: .forever) }),
            ("share(replay: 1, scope: .forever)", { $0.share(replay: 1, scope: .forever) }),
            ("share(replay: 2, scope: .forever)", { $0.share(replay: 2, scope: .forever) }),
        ]
        for (name, form) in forms {
            for ending in [SourceEnding.laterWithCompletion, .laterWithError, .whileSubscribing] {
                XCTAssertEqual(
                    terminalOrder(of: form, sourceEnds: ending), RxSwiftTerminalOrder.disposedFirst(ending),
                    "\(name), \(ending)")
            }
        }
    }

    func testAnObserverSubscribingAgainFromTheTerminalEventGetsANewConnection() {
        // RxSwift's own test of the scope, for each replay count: the resubscription at 330 is a
        // new subscription to the source, which lasts until its observers leave.
        for replay in 0..<3 {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([
                .next(210, 1), .next(320, 2), .completed(330), .next(340, 3), .next(550, 4),
            ])
            let shared = xs.share(replay: replay, scope: .whileConnected)
            let first = scheduler.createObserver(Int.self)
            let again = scheduler.createObserver(Int.self)
            let late = scheduler.createObserver(Int.self)
            var subscriptions: [any Disposable] = []

            scheduler.scheduleAt(200) {
                subscriptions.append(
                    shared.subscribe { event in
                        first.on(event)
                        if event.isStopEvent { subscriptions.append(shared.subscribe(again)) }
                    })
            }
            scheduler.scheduleAt(400) { for subscription in subscriptions { subscription.dispose() } }
            scheduler.scheduleAt(500) { subscriptions.append(shared.subscribe(late)) }
            scheduler.scheduleAt(600) { for subscription in subscriptions { subscription.dispose() } }
            scheduler.start()

            XCTAssertEqual(first.events, [.next(210, 1), .next(320, 2), .completed(330)], "replay \(replay)")
            XCTAssertEqual(again.events, [.next(340, 3)], "replay \(replay)")
            XCTAssertEqual(late.events, [.next(550, 4)], "replay \(replay)")
            XCTAssertEqual(
                xs.subscriptions, [Subscription(200, 330), Subscription(330, 400), Subscription(500, 600)],
                "replay \(replay)")
        }
    }

}

// MARK: - Under contention

/// `share` under threads: three threads subscribe to and dispose a shared sequence while a
/// fourth sends into its source. Every element is the send's sequence number, stamped before the
/// send starts, so a subscriber's log tells what arrived after its `dispose()` returned.
final class ShareStressReliabilityTests: RxTestCase {
    private final class SubscriberLog: Sendable {
        let received = RxMutex<[Int]>([])
        let disposeReturnedAt = Atomic<Int>(0)
    }

    private func hammer(scope: SubjectLifetimeScope, replay: Int) {
        let source = PublishSubject<Int>()
        let shared = UncheckedSendable(source.map { $0 }.share(replay: replay, scope: scope))
        let sequence = Atomic<Int>(0)
        let sent = Atomic<Bool>(false)
        let logs = RxMutex<[SubscriberLog]>([])

        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            if worker == 0 {
                for _ in 0..<20_000 {
                    source.onNext(sequence.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue)
                }
                sent.store(true, ordering: .sequentiallyConsistent)
                return
            }
            var made = 0
            while made < 300 && !sent.load(ordering: .sequentiallyConsistent) {
                made += 1
                let log = SubscriberLog()
                let subscription = shared.value.subscribe(onNext: { value in
                    log.received.withLock { $0.append(value) }
                })
                for _ in 0..<(made % 5) * 30 { _ = sequence.load(ordering: .relaxed) }
                subscription.dispose()
                log.disposeReturnedAt.store(
                    sequence.load(ordering: .sequentiallyConsistent), ordering: .sequentiallyConsistent)
                logs.withLock { $0.append(log) }
            }
        }

        XCTAssertFalse(source.hasObservers, "the shared subscription to the source ended with the last observer")
        // After the churn, a new observer is connected: no connection was left half made or
        // disposed under it.
        var afterwards: [Int] = []
        let late = shared.value.subscribe(onNext: { afterwards.append($0) })
        source.onNext(-1)
        late.dispose()
        XCTAssertEqual(afterwards.last, -1)
        XCTAssertFalse(source.hasObservers)
        for log in logs.withLock({ $0 }) {
            let received = log.received.withLock { $0 }
            XCTAssertEqual(received, received.sorted(), "out of order")
            XCTAssertEqual(Set(received).count, received.count, "an element arrived twice")
            if let last = received.last {
                XCTAssertLessThanOrEqual(last, log.disposeReturnedAt.load(ordering: .relaxed), "after dispose returned")
            }
        }
    }

    func testShareUnderThreadsEndsItsSourceSubscriptionAndDeliversInOrder() {
        hammer(scope: .whileConnected, replay: 0)
    }

    func testShareReplayForeverUnderThreads() {
        hammer(scope: .forever, replay: 1)
    }

    func testShareReplayWhileConnectedUnderThreads() {
        hammer(scope: .whileConnected, replay: 2)
    }
}
