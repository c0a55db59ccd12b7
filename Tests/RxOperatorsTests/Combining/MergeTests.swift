import Dispatch
import Foundation
import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import Synchronization
import XCTest

final class MergeTests: RxTestCase {
    /// Three cold inner sequences arriving at 210, 260 and 300 on a hot outer sequence that
    /// completes at 400; the last inner sequence completes at 450.
    private func makeSources(_ scheduler: TestScheduler, secondFailsAt failure: TestTime? = nil) -> (
        outer: TestableObservable<Observable<Int>>, inners: [TestableObservable<Int>]
    ) {
        let first = scheduler.createColdObservable([.next(10, 101), .next(20, 102), .completed(30)])
        let second = scheduler.createColdObservable(
            failure.map { [.next(5, 201), .error($0, TestError.boom)] }
                ?? [.next(5, 201), .next(50, 202), .completed(100)])
        let third = scheduler.createColdObservable([.next(15, 301), .completed(150)])
        let outer = scheduler.createHotObservable([
            .next(210, first.asObservable()), .next(260, second.asObservable()), .next(300, third.asObservable()),
            .completed(400),
        ])
        return (outer, [first, second, third])
    }

    func testPassesEveryInnerElementAndCompletesAfterTheOuterAndEveryInner() {
        let scheduler = TestScheduler(initialClock: 0)
        let (outer, inners) = makeSources(scheduler)

        let res = scheduler.start { outer.merge() }

        XCTAssertEqual(
            res.events,
            [.next(220, 101), .next(230, 102), .next(265, 201), .next(310, 202), .next(315, 301), .completed(450)])
        XCTAssertEqual(outer.subscriptions, [Subscription(200, 400)])
        XCTAssertEqual(inners[0].subscriptions, [Subscription(210, 240)])
        XCTAssertEqual(inners[1].subscriptions, [Subscription(260, 360)])
        XCTAssertEqual(inners[2].subscriptions, [Subscription(300, 450)])
    }

    func testCompletesWithTheOuterWhenEveryInnerHasCompletedBefore() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let outer = scheduler.createHotObservable([.next(210, inner.asObservable()), .completed(300)])

        let res = scheduler.start { outer.merge() }

        XCTAssertEqual(res.events, [.next(220, 1), .completed(300)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 230)])
        XCTAssertEqual(outer.subscriptions, [Subscription(200, 300)])
    }

    func testWithMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-1-^-1---2---|")
        let ys = try scheduler.createHotObservable("---^---3---4---|")

        let res = scheduler.start { Observable.merge(xs.asObservable(), ys.asObservable()) }

        assertMarbles(res, "--1-3-2-4---|")
        assertSubscriptions(xs, "^---------!")
        assertSubscriptions(ys, "^-----------!")
    }

    func testAnInnerErrorIsPassedOnOnceAndDisposesEverySubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let (outer, inners) = makeSources(scheduler, secondFailsAt: 50)

        let res = scheduler.start { outer.merge() }

        XCTAssertEqual(res.events, [.next(220, 101), .next(230, 102), .next(265, 201), .error(310, TestError.boom)])
        XCTAssertEqual(outer.subscriptions, [Subscription(200, 310)])
        XCTAssertEqual(inners[0].subscriptions, [Subscription(210, 240)])
        XCTAssertEqual(inners[1].subscriptions, [Subscription(260, 310)])
        XCTAssertEqual(inners[2].subscriptions, [Subscription(300, 310)])
    }

    func testAnOuterErrorIsPassedOnAndDisposesTheInnerSubscriptions() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.next(10, 1), .next(100, 2), .completed(200)])
        let outer = scheduler.createHotObservable([.next(210, inner.asObservable()), .error(250, TestError.boom)])

        let res = scheduler.start { outer.merge() }

        XCTAssertEqual(res.events, [.next(220, 1), .error(250, TestError.boom)])
        XCTAssertEqual(outer.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 250)])
    }

    func testDisposingMidStreamDisposesTheOuterAndEveryRunningInner() {
        let scheduler = TestScheduler(initialClock: 0)
        let (outer, inners) = makeSources(scheduler)

        let res = scheduler.start(disposed: 320) { outer.merge() }

        XCTAssertEqual(
            res.events, [.next(220, 101), .next(230, 102), .next(265, 201), .next(310, 202), .next(315, 301)])
        XCTAssertEqual(outer.subscriptions, [Subscription(200, 320)])
        XCTAssertEqual(inners[0].subscriptions, [Subscription(210, 240)])
        XCTAssertEqual(inners[1].subscriptions, [Subscription(260, 320)])
        XCTAssertEqual(inners[2].subscriptions, [Subscription(300, 320)])
    }

    func testTrampolinedSourcesInterleaveAsInRxSwift() {
        var received: [Int] = []
        var completed = false

        _ = Observable.merge(.of(1, 2), .of(3, 4)).subscribe(
            onNext: { received.append($0) }, onCompleted: { completed = true })

        XCTAssertEqual(received, [1, 3, 2, 4])
        XCTAssertTrue(completed)
    }

    func testMergeOfAnOuterOfTrampolinedSourcesInterleaves() {
        var received: [Int] = []

        _ = Observable.of(Observable.of(1, 2), Observable.of(3, 4)).merge().subscribe(onNext: { received.append($0) })

        // Each step of each `of` queues its next step at the back of the trampoline: the second
        // inner sequence is sent after the first one's first element, and its first element
        // queued after the first one's second.
        XCTAssertEqual(received, [1, 2, 3, 4])
    }

    func testEmptyArraysAndCollectionsCompleteAtOnce() {
        let array = TestScheduler(initialClock: 0).start { Observable<Int>.merge([]) }
        let collection = TestScheduler(initialClock: 0).start {
            Observable<Int>.merge([Observable<Int>]().lazy.map { $0 })
        }
        let emptyOuter = TestScheduler(initialClock: 0).start { Observable<Observable<Int>>.empty().merge() }

        XCTAssertEqual(array.events, [.completed(200)])
        XCTAssertEqual(collection.events, [.completed(200)])
        XCTAssertEqual(emptyOuter.events, [.completed(200)])
    }

    func testArrayAndCollectionFormsMergeEverySource() {
        for form in ["array", "collection"] {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .completed(30)])
            let ys = scheduler.createColdObservable([.next(20, 2), .completed(40)])
            let sources = [xs.asObservable(), ys.asObservable()]

            let res = scheduler.start {
                form == "array" ? Observable.merge(sources) : Observable.merge(sources[...])
            }

            XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(240)], form)
            XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)], form)
            XCTAssertEqual(ys.subscriptions, [Subscription(200, 240)], form)
        }
    }

    func testASourceFailingWhileBeingSubscribedStopsTheRestFromBeingSubscribed() {
        var subscribed = 0
        let counted = Observable<Int>.deferred {
            subscribed += 1
            return .never()
        }
        var received: [Event<Int>] = []

        _ = Observable.merge(counted, Observable.error(TestError.boom), counted).subscribe { received.append($0) }

        XCTAssertEqual(received.count, 1)
        XCTAssertEqual(received.first?.error as? TestError, .boom)
        XCTAssertEqual(subscribed, 1)
    }

    func testAnInnerSendingWhileBeingSubscribedIsPassedOnAtOnce() {
        let subject = PublishSubject<Observable<Int>>()
        var received: [Int] = []
        let subscription = subject.merge().subscribe(onNext: { received.append($0) })

        subject.onNext(
            Observable.create { observer in
                observer.onNext(1)
                observer.onNext(2)
                return Disposables.create()
            })
        subject.onNext(.just(3))

        XCTAssertEqual(received, [1, 2, 3])
        subscription.dispose()
    }

    func testAnElementSentBackFromInsideTheObserverIsDeliveredAfterTheCurrentOne() {
        let first = PublishSubject<Int>()
        let second = PublishSubject<Int>()
        var log: [String] = []
        let subscription = Observable.merge(first.asObservable(), second.asObservable()).subscribe(onNext: { value in
            log.append("begin \(value)")
            if value == 1 {
                second.onNext(2)
            }
            log.append("end \(value)")
        })

        first.onNext(1)

        // Deliveries never nest: the element sent back waits for the current one to finish.
        XCTAssertEqual(log, ["begin 1", "end 1", "begin 2", "end 2"])
        subscription.dispose()
    }

    func testDisposingFromInsideAnInnerElementStopsEverything() {
        let first = PublishSubject<Int>()
        let second = PublishSubject<Int>()
        var received: [Int] = []
        var subscription: (any Disposable)?
        subscription = Observable.merge(first.asObservable(), second.asObservable()).subscribe(onNext: { value in
            received.append(value)
            subscription?.dispose()
            second.onNext(99)
        })

        first.onNext(1)
        second.onNext(2)

        XCTAssertEqual(received, [1])
        XCTAssertFalse(first.hasObservers)
        XCTAssertFalse(second.hasObservers)
    }

    func testAnInnerThatKeepsSendingAfterDisposalIsIgnored() {
        var observer: AnyObserver<Int>?
        let ignoring = Observable<Int>.create { receiver in
            observer = receiver
            return Disposables.create()
        }
        var received: [Int] = []
        let subscription = Observable.merge(ignoring, .never()).subscribe(onNext: { received.append($0) })

        observer?.onNext(1)
        subscription.dispose()
        for value in 2...1000 {
            observer?.onNext(value)
        }

        XCTAssertEqual(received, [1])
        observer = nil
    }

    func testNothingPassesAfterAnInnerCompletesOrFails() {
        var observers: [AnyObserver<Int>] = []
        let source = Observable<Int>.create { receiver in
            observers.append(receiver)
            return Disposables.create()
        }
        var received: [Event<Int>] = []
        let subscription = Observable.merge(source, source).subscribe { received.append($0) }

        observers[0].onCompleted()
        observers[0].onNext(1)
        observers[1].onError(TestError.boom)
        observers[1].onNext(2)
        observers[0].onCompleted()

        XCTAssertEqual(received.count, 1)
        XCTAssertEqual(received.first?.error as? TestError, .boom)
        subscription.dispose()
        observers = []
    }

    func testDeliveredElementsAreNotKept() {
        let live = Counter()
        let subject = PublishSubject<LiveElement>()
        var received = 0
        let subscription = Observable.merge(subject.asObservable(), .never()).subscribe(onNext: { _ in received += 1 })

        for value in 0..<100 {
            subject.onNext(LiveElement(value, live: live))
        }

        XCTAssertEqual(received, 100)
        XCTAssertEqual(live.value, 0)
        subscription.dispose()
    }

    func testAnElementReleasedWhileWaitingMaySendIntoTheChain() {
        let live = Counter()
        let first = PublishSubject<LiveElement>()
        let second = PublishSubject<LiveElement>()
        var subscription: (any Disposable)?
        var received: [Int] = []
        subscription = Observable.merge(first.asObservable(), second.asObservable()).subscribe(onNext: { element in
            received.append(element.value)
            guard element.value == 1 else { return }
            // Waits behind the current delivery, then is released unsent when the chain is
            // disposed; its release sends into the chain again.
            second.onNext(LiveElement(2, live: live, onRelease: { first.onNext(LiveElement(3, live: live)) }))
            subscription?.dispose()
        })

        // The send from inside the observer re-enters the subject, which reports it.
        let reports = SynchronizationReports.collect {
            first.onNext(LiveElement(1, live: live))
        }
        XCTAssertEqual(reports.count, 1, "the reentrant send is reported once: \(reports)")

        XCTAssertEqual(received, [1])
        XCTAssertEqual(live.value, 0)
    }
}

// MARK: - Under contention

/// Inner sequences of `merge`, `flatMap` and `flatMapLatest` sending from many threads at once. Each round checks
/// that the subscriber is never entered twice at once, that every source's elements arrive in
/// the order it sent them, and that nothing follows the terminal event. Run under
/// `swift test --sanitize=thread`.
final class MergeStressReliabilityTests: RxTestCase {
    private let rounds = 20
    private let threads = 8
    private let perThread = 1_000

    // @unchecked Sendable: `events` is touched only under `lock`; the rest is atomic.
    /// What the subscriber saw, recorded without assuming it is called serially.
    private final class Recording: @unchecked Sendable {
        let inFlight = Atomic<Int>(0)
        let overlaps = Atomic<Int>(0)
        let afterTerminal = Atomic<Int>(0)
        let terminals = Atomic<Int>(0)
        let count = Atomic<Int>(0)
        private let lock = NSLock()
        private var events: [Int] = []

        func record(_ value: Int) {
            if inFlight.wrappingAdd(1, ordering: .sequentiallyConsistent).oldValue != 0 {
                overlaps.wrappingAdd(1, ordering: .relaxed)
            }
            if terminals.load(ordering: .sequentiallyConsistent) != 0 {
                afterTerminal.wrappingAdd(1, ordering: .relaxed)
            }
            lock.withLock { events.append(value) }
            count.wrappingAdd(1, ordering: .relaxed)
            inFlight.wrappingSubtract(1, ordering: .sequentiallyConsistent)
        }

        func recordTerminal() {
            if inFlight.wrappingAdd(1, ordering: .sequentiallyConsistent).oldValue != 0 {
                overlaps.wrappingAdd(1, ordering: .relaxed)
            }
            terminals.wrappingAdd(1, ordering: .sequentiallyConsistent)
            inFlight.wrappingSubtract(1, ordering: .sequentiallyConsistent)
        }

        var received: [Int] { lock.withLock { events } }
    }

    // @unchecked Sendable: `observer` is set before `ready` is signalled and read after it, or
    // cleared once the senders are done.
    /// A source whose events a test sends from a thread of its own, once subscribed.
    private final class ThreadSource: @unchecked Sendable {
        var observer: AnyObserver<Int>?
        let ready = DispatchSemaphore(value: 0)

        lazy var observable = Observable<Int>.create { [unowned self] observer in
            self.observer = observer
            self.ready.signal()
            return Disposables.create()
        }
    }

    /// Checks that each source's elements (source * 1_000_000 + index) arrive in order.
    private func assertOrderPerSource(_ received: [Int], sources: Int, complete: Bool, round: Int) {
        var next = [Int](repeating: 0, count: sources)
        for value in received {
            let source = value / 1_000_000
            XCTAssertEqual(value % 1_000_000, next[source], "round \(round): source \(source) out of order")
            next[source] += 1
        }
        if complete {
            XCTAssertEqual(next, [Int](repeating: perThread, count: sources), "round \(round): elements lost")
        }
    }

    func testMergeStressInnersSendingFromManyThreadsArriveSeriallyInOrderAndCompleteOnce() {
        for round in 0..<rounds {
            let sources = (0..<threads).map { _ in ThreadSource() }
            let recording = Recording()
            let subscription = Observable.merge(sources.map(\.observable)).subscribe(
                onNext: { recording.record($0) }, onError: { _ in recording.recordTerminal() },
                onCompleted: { recording.recordTerminal() })
            let group = DispatchGroup()
            for (index, source) in sources.enumerated() {
                XCTAssertEqual(source.ready.wait(timeout: .now() + 5), .success)
                let observer = UncheckedSendable(source.observer)
                let count = perThread
                DispatchQueue.global().async(group: group) {
                    for value in 0..<count {
                        observer.value?.onNext(index * 1_000_000 + value)
                    }
                    observer.value?.onCompleted()
                }
            }

            XCTAssertEqual(group.wait(timeout: .now() + 20), .success, "round \(round): senders stuck")
            XCTAssertEqual(recording.overlaps.load(ordering: .relaxed), 0, "round \(round): deliveries overlapped")
            XCTAssertEqual(recording.terminals.load(ordering: .relaxed), 1, "round \(round)")
            XCTAssertEqual(recording.afterTerminal.load(ordering: .relaxed), 0, "round \(round)")
            assertOrderPerSource(recording.received, sources: threads, complete: true, round: round)
            subscription.dispose()
            for source in sources { source.observer = nil }
        }
    }

    func testMergeStressAnInnerFailingWhileOthersSendEndsEverythingOnce() {
        for round in 0..<rounds {
            let sources = (0..<threads).map { _ in ThreadSource() }
            let recording = Recording()
            let outer = PublishSubject<Observable<Int>>()
            let subscription = outer.flatMap { $0 }.subscribe(
                onNext: { recording.record($0) }, onError: { _ in recording.recordTerminal() },
                onCompleted: { recording.recordTerminal() })
            for source in sources { outer.onNext(source.observable) }
            let group = DispatchGroup()
            for (index, source) in sources.enumerated() {
                XCTAssertEqual(source.ready.wait(timeout: .now() + 5), .success)
                let observer = UncheckedSendable(source.observer)
                let count = perThread
                DispatchQueue.global().async(group: group) {
                    for value in 0..<count {
                        if index == 0 && value == count / 2 {
                            observer.value?.onError(TestError.boom)
                        }
                        observer.value?.onNext(index * 1_000_000 + value)
                    }
                    observer.value?.onCompleted()
                }
            }

            XCTAssertEqual(group.wait(timeout: .now() + 20), .success, "round \(round): senders stuck")
            XCTAssertEqual(recording.overlaps.load(ordering: .relaxed), 0, "round \(round): deliveries overlapped")
            XCTAssertEqual(recording.terminals.load(ordering: .relaxed), 1, "round \(round)")
            XCTAssertEqual(recording.afterTerminal.load(ordering: .relaxed), 0, "round \(round)")
            XCTAssertFalse(outer.hasObservers, "round \(round): the source is still subscribed")
            assertOrderPerSource(recording.received, sources: threads, complete: false, round: round)
            subscription.dispose()
            for source in sources { source.observer = nil }
        }
    }

    func testMergeStressDisposedWhileInnersSendDeliversNothingSentAfterDisposeReturned() {
        let late = 500_000
        for round in 0..<rounds {
            let sources = (0..<threads).map { _ in ThreadSource() }
            let observables = sources.map(\.observable)
            let recording = Recording()
            let disposed = Atomic<Bool>(false)
            let baseline = Resources.total
            let subscription = Observable.merge(observables).subscribe(onNext: { recording.record($0) })
            let group = DispatchGroup()
            for (index, source) in sources.enumerated() {
                XCTAssertEqual(source.ready.wait(timeout: .now() + 5), .success)
                let observer = UncheckedSendable(source.observer)
                let count = perThread
                DispatchQueue.global().async(group: group) {
                    for value in 0..<count {
                        // An element sent once dispose() has returned is marked: none may arrive.
                        let mark = disposed.load(ordering: .sequentiallyConsistent) ? late : 0
                        observer.value?.onNext(index * 1_000_000 + mark + value)
                    }
                }
            }
            let deadline = Date().addingTimeInterval(5)
            while recording.count.load(ordering: .relaxed) < 100, Date() < deadline {
                usleep(50)
            }

            subscription.dispose()
            disposed.store(true, ordering: .sequentiallyConsistent)

            XCTAssertEqual(group.wait(timeout: .now() + 20), .success, "round \(round): senders stuck")
            let received = recording.received
            XCTAssertFalse(
                received.contains { $0 % 1_000_000 >= late },
                "round \(round): delivered an element sent after dispose()")
            XCTAssertEqual(recording.overlaps.load(ordering: .relaxed), 0, "round \(round): deliveries overlapped")
            assertOrderPerSource(received, sources: threads, complete: false, round: round)
            for source in sources { source.observer = nil }
            XCTAssertEqual(Resources.waitForTotal(toReturnTo: baseline, timeout: .seconds(5)), 0, "round \(round)")
        }
    }

    /// Disposing from one thread while another is inside a delivery ends every inner
    /// subscription before `dispose()` returns, without waiting for that delivery: the inner
    /// subscriptions are kept in a disposable of their own, not behind the serializer.
    func testDisposingDuringADeliveryOnAnotherThreadEndsEveryInnerSubscriptionAtOnce() {
        let forms = ["merge", "flatMap", "merge(maxConcurrent: 2)", "flatMapLatest"]
        for form in forms {
            let first = PublishSubject<Int>()
            let second = PublishSubject<Int>()
            let outer = PublishSubject<Observable<Int>>()
            let merged: Observable<Int> =
                switch form {
                case "merge": Observable.merge(first.asObservable(), second.asObservable())
                case "flatMap": outer.flatMap { $0 }
                case "merge(maxConcurrent: 2)": outer.merge(maxConcurrent: 2)
                default: outer.flatMapLatest { $0 }
                }
            let delivering = DispatchSemaphore(value: 0)
            let release = DispatchSemaphore(value: 0)
            let subscription = merged.subscribe(onNext: { _ in
                delivering.signal()
                _ = release.wait(timeout: .now() + 10)
            })
            outer.onNext(second.asObservable())
            outer.onNext(first.asObservable())
            let sender = DispatchGroup()
            DispatchQueue.global().async(group: sender) { first.onNext(1) }
            XCTAssertEqual(delivering.wait(timeout: .now() + 5), .success, form)

            subscription.dispose()

            XCTAssertFalse(first.hasObservers, "\(form): the delivering inner is still subscribed")
            XCTAssertFalse(second.hasObservers, "\(form): another inner is still subscribed")
            XCTAssertFalse(outer.hasObservers, "\(form): the outer sequence is still subscribed")
            release.signal()
            XCTAssertEqual(sender.wait(timeout: .now() + 10), .success, "\(form): the sender is stuck")
        }
    }

    /// Inner sequences that end on other threads while their `subscribe` call is returning: each
    /// inner subscription is disposed once it has both arrived and ended, whichever came second,
    /// exactly once, and the result completes.
    func testInnersEndingOnOtherThreadsWhileBeingSubscribedAreEachDisposed() {
        let count = 2_000
        for form in ["flatMap", "concatMap", "flatMapLatest"] {
            let teardowns = Atomic<Int>(0)
            let received = Atomic<Int>(0)
            let completed = DispatchSemaphore(value: 0)
            let outer = PublishSubject<Int>()
            let inner = { (value: Int) in
                Observable<Int>.create { observer in
                    let observer = UncheckedSendable(observer)
                    DispatchQueue.global().async {
                        observer.value.onNext(value)
                        observer.value.onCompleted()
                    }
                    return Disposables.create { teardowns.wrappingAdd(1, ordering: .relaxed) }
                }
            }
            let result: Observable<Int> =
                switch form {
                case "flatMap": outer.flatMap(inner)
                case "concatMap": outer.concatMap(inner)
                default: outer.flatMapLatest(inner)
                }
            let subscription = result.subscribe(
                onNext: { _ in received.wrappingAdd(1, ordering: .relaxed) }, onCompleted: { completed.signal() })

            for value in 0..<count {
                outer.onNext(value)
            }
            outer.onCompleted()

            XCTAssertEqual(completed.wait(timeout: .now() + 20), .success, "\(form): never completed")
            // The last inner may complete the result before its `subscribe` call has returned on
            // the thread that started it (as in RxSwift): that thread disposes it as it returns.
            let deadline = Date().addingTimeInterval(10)
            while teardowns.load(ordering: .relaxed) < count, Date() < deadline {
                usleep(100)
            }
            XCTAssertEqual(teardowns.load(ordering: .relaxed), count, "\(form): an inner subscription was not disposed")
            if form != "flatMapLatest" {
                XCTAssertEqual(received.load(ordering: .relaxed), count, "\(form): elements lost")
            }
            subscription.dispose()
        }
    }
}
