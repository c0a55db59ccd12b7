import RxCore
import RxDisposables
import RxTestHelpers
import RxTestSupport
import XCTest

final class PublishSubjectTests: RxTestCase {
    /// An observer whose `on(_:)` and terminal methods do different things: a subject that
    /// refuses it sends the terminal event through `on(_:)`; a live one through the methods.
    private final class SplitObserver: ObserverType {
        var calls: [String] = []
        func on(_ event: Event<Int>) { calls.append("on(\(event))") }
        func onNext(_ element: Int) { calls.append("onNext(\(element))") }
        func onError(_ error: any Swift.Error) { calls.append("onError") }
        func onCompleted() { calls.append("onCompleted") }
    }

    func testARefusedObserverGetsTheTerminalEventThroughOn() {
        let subject = PublishSubject<Int>()
        let live = SplitObserver()
        _ = subject.subscribe(live)
        subject.onCompleted()
        let late = SplitObserver()
        _ = subject.subscribe(late)

        XCTAssertEqual(live.calls, ["onCompleted"])
        XCTAssertEqual(late.calls, ["on(completed)"])
    }

    /// Three observers subscribe and leave at different ticks while a hot source feeds the
    /// subject: each sees exactly what was sent while it was subscribed.
    func testEachObserverSeesWhatIsSentWhileItIsSubscribed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(70, 1), .next(110, 2), .next(220, 3), .next(270, 4), .next(340, 5), .next(410, 6),
            .next(520, 7), .next(630, 8), .completed(710), .next(750, 9),
        ])
        let subject = PublishSubject<Int>()
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        let third = scheduler.createObserver(Int.self)
        let bag = CompositeDisposable()
        var firstSubscription: (any Disposable)?
        var secondSubscription: (any Disposable)?

        scheduler.scheduleAt(100) { _ = bag.insert(xs.subscribe(subject)) }
        scheduler.scheduleAt(200) { firstSubscription = subject.subscribe(first) }
        scheduler.scheduleAt(300) { secondSubscription = subject.subscribe(second) }
        scheduler.scheduleAt(400) { _ = bag.insert(subject.subscribe(third)) }
        scheduler.scheduleAt(500) { firstSubscription?.dispose() }
        scheduler.scheduleAt(600) { secondSubscription?.dispose() }
        scheduler.scheduleAt(1000) { bag.dispose() }
        scheduler.start()

        XCTAssertEqual(first.events, [.next(220, 3), .next(270, 4), .next(340, 5), .next(410, 6)])
        XCTAssertEqual(second.events, [.next(340, 5), .next(410, 6), .next(520, 7)])
        XCTAssertEqual(third.events, [.next(410, 6), .next(520, 7), .next(630, 8), .completed(710)])
        // A subject does not unsubscribe from its source when the source ends: the bag does, at 1000.
        XCTAssertEqual(xs.subscriptions, [Subscription(100, 1000)])
    }

    func testALateObserverReceivesTheTerminalEventAtOnce() {
        let completed = PublishSubject<Int>()
        completed.onNext(1)
        completed.onCompleted()
        let failed = PublishSubject<Int>()
        failed.onError(TestError.boom)
        var events: [Event<Int>] = []

        _ = completed.subscribe { events.append($0) }
        _ = failed.subscribe { events.append($0) }

        XCTAssertEqual(events, [.completed, .error(TestError.boom)])
    }

    func testNothingPassesAfterATerminalEvent() {
        let subject = PublishSubject<Int>()
        var events: [Event<Int>] = []
        let subscription = subject.subscribe { events.append($0) }

        subject.onNext(1)
        subject.onCompleted()
        subject.onNext(2)
        subject.onError(TestError.boom)
        subject.onCompleted()

        XCTAssertEqual(events, [.next(1), .completed])
        XCTAssertFalse(subject.hasObservers)
        subscription.dispose()
    }

    func testHasObserversFollowsSubscriptionsAndDisposals() {
        let subject = PublishSubject<Int>()
        XCTAssertFalse(subject.hasObservers)

        let first = subject.subscribe { _ in }
        let second = subject.subscribe { _ in }
        XCTAssertTrue(subject.hasObservers)
        first.dispose()
        XCTAssertTrue(subject.hasObservers)
        second.dispose()
        second.dispose()
        XCTAssertFalse(subject.hasObservers)
    }

    func testADisposedSubjectErrorsNewObserversAndDropsTheOldOnesSilently() {
        let subject = PublishSubject<Int>()
        var old: [Event<Int>] = []
        _ = subject.subscribe { old.append($0) }
        subject.onNext(1)

        subject.dispose()
        subject.dispose()
        subject.onNext(2)
        subject.onCompleted()
        var new: [Event<Int>] = []
        _ = subject.subscribe { new.append($0) }

        XCTAssertTrue(subject.isDisposed)
        XCTAssertFalse(subject.hasObservers)
        XCTAssertEqual(old, [.next(1)])
        XCTAssertEqual(new.count, 1)
        guard case .error(RxError.disposed(let object))? = new.first else {
            return XCTFail("expected RxError.disposed, got \(new)")
        }
        XCTAssertTrue(object === subject)
    }

    func testAnObserverDisposedDuringASendReceivesNothingMoreFromIt() {
        let subject = PublishSubject<Int>()
        var second: (any Disposable)?
        var seenBySecond: [Int] = []
        let first = subject.subscribe(onNext: { _ in second?.dispose() })
        second = subject.subscribe(onNext: { seenBySecond.append($0) })

        subject.onNext(1)
        subject.onNext(2)

        XCTAssertEqual(seenBySecond, [], "disposed by the first observer before the send reached it")
        first.dispose()
    }

    func testAnObserverSubscribedDuringASendStartsWithTheNextElement() {
        let subject = PublishSubject<Int>()
        var late: [Int] = []
        let bag = CompositeDisposable()
        var subscribed = false
        _ = bag.insert(
            subject.subscribe(onNext: { _ in
                if !subscribed {
                    subscribed = true
                    _ = bag.insert(subject.subscribe(onNext: { late.append($0) }))
                }
            }))

        subject.onNext(1)
        subject.onNext(2)

        XCTAssertEqual(late, [2])
        bag.dispose()
    }

    func testAReentrantSendReachesEveryObserverBeforeTheOuterSendGoesOn() {
        let subject = PublishSubject<Int>()
        var log: [String] = []
        let first = subject.subscribe(onNext: { value in
            log.append("first \(value)")
            if value == 1 { subject.onNext(10) }
        })
        let second = subject.subscribe(onNext: { log.append("second \($0)") })

        let reports = SynchronizationReports.collect {
            subject.onNext(1)
        }

        XCTAssertEqual(log, ["first 1", "first 10", "second 10", "second 1"])
        #if DEBUG
            XCTAssertEqual(reports.count, 1)
            XCTAssertTrue(reports.first?.contains("sent to PublishSubject<Int>") == true, "\(reports)")
            XCTAssertTrue(reports.first?.contains("reentrancy") == true)
        #endif
        first.dispose()
        second.dispose()
    }

    func testTheSubjectIsItsOwnObserver() {
        let subject = PublishSubject<Int>()
        var seen: [Int] = []
        let subscription = subject.subscribe(onNext: { seen.append($0) })

        let observer: PublishSubject<Int> = subject.asObserver()
        observer.on(.next(1))
        AnyObserver(subject).onNext(2)

        XCTAssertEqual(seen, [1, 2])
        subscription.dispose()
    }

    func testWithMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("^-1--2--3--|", values: ["1": 1, "2": 2, "3": 3])
        let subject = PublishSubject<Int>()
        let observer = scheduler.createObserver(Int.self)
        let bag = CompositeDisposable()

        scheduler.scheduleAt(100) { _ = bag.insert(xs.subscribe(subject)) }
        scheduler.scheduleAt(230) { _ = bag.insert(subject.subscribe(observer)) }
        scheduler.start()

        assertMarbles(observer, "-----2--3--|", values: ["2": 2, "3": 3])
        bag.dispose()
    }

    func testNoObserverReceivesAnElementAfterACompletionSentFromInsideItsDelivery() {
        // The first observer completes the subject from inside `onNext(1)`; the second, an
        // observer with no stop gate of its own, must see the completion and nothing after it.
        let subject = PublishSubject<Int>()
        let seen = Locked<[String]>([])
        let first = subject.subscribe(onNext: { _ in subject.onCompleted() })
        let second = subject.subscribe(AnyObserver<Int> { event in seen.value.append("\(event)") })
        subject.onNext(1)

        XCTAssertEqual(seen.value, ["completed"])
        first.dispose()
        second.dispose()
    }
}
