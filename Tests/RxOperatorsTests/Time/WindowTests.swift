import Dispatch
import Foundation
import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

/// Subscribes to a sequence of windows and to each window the moment it arrives, recording with
/// their virtual times the windows' arrivals (as their index), each window's events, and every
/// event of both kinds in one log, in the order they happened.
private final class WindowRecorder<Element: Equatable> {
    let scheduler: TestScheduler
    /// The arrivals (`.next(time, index)`) and the terminal event of the sequence of windows.
    let outer: TestableObserver<Int>
    /// One observer per window, subscribed when the window arrived.
    private(set) var windows: [TestableObserver<Element>] = []
    /// Every event: `"230 open 1"`, `"230 w0 3"`, `"230 w0 |"`, `"420 |"`, `"250 w1 #"`, ...
    private(set) var log: [String] = []
    private var subscription: (any Disposable)?
    private var windowSubscriptions: [any Disposable] = []

    init(_ scheduler: TestScheduler) {
        self.scheduler = scheduler
        outer = scheduler.createObserver(Int.self)
    }

    /// Subscribes to `windows` now; each window is subscribed to on arrival unless `subscribeTo`
    /// says otherwise for its index.
    func subscribe(
        _ windows: Observable<Observable<Element>>, subscribeTo: @escaping (Int) -> Bool = { _ in true }
    ) {
        subscription = windows.subscribe(
            onNext: { [unowned self] window in
                let index = self.windows.count
                log.append("\(scheduler.clock) open \(index)")
                outer.onNext(index)
                let observer = scheduler.createObserver(Element.self)
                self.windows.append(observer)
                if subscribeTo(index) {
                    windowSubscriptions.append(subscribe(window, index: index, observer: observer))
                }
            },
            onError: { [unowned self] error in
                log.append("\(scheduler.clock) #")
                outer.onError(error)
            },
            onCompleted: { [unowned self] in
                log.append("\(scheduler.clock) |")
                outer.onCompleted()
            })
    }

    /// Subscribes `observer` to `window`, logging its events.
    func subscribe(_ window: Observable<Element>, index: Int, observer: TestableObserver<Element>) -> any Disposable {
        window.subscribe(
            onNext: { [unowned self] element in
                log.append("\(scheduler.clock) w\(index) \(element)")
                observer.onNext(element)
            },
            onError: { [unowned self] error in
                log.append("\(scheduler.clock) w\(index) #")
                observer.onError(error)
            },
            onCompleted: { [unowned self] in
                log.append("\(scheduler.clock) w\(index) |")
                observer.onCompleted()
            })
    }

    /// Disposes the subscription to the sequence of windows.
    func disposeOuter() {
        subscription?.dispose()
    }

    /// Disposes the subscription to the window of index `index`.
    func disposeWindow(_ index: Int) {
        windowSubscriptions[index].dispose()
    }

    /// Disposes everything, for the leak check.
    func disposeAll() {
        subscription?.dispose()
        subscription = nil
        for windowSubscription in windowSubscriptions {
            windowSubscription.dispose()
        }
        windowSubscriptions = []
    }

    /// The events of each window, oldest first.
    var windowEvents: [[Recorded<Event<Element>>]] {
        windows.map(\.events)
    }
}

final class WindowTests: RxTestCase {
    /// Subscribes at 200, disposes the subscription to the windows at `disposed`, runs the
    /// scheduler, then disposes every window's subscription.
    private func run<Element: Equatable>(
        _ scheduler: TestScheduler, disposed: TestTime = TestScheduler.Defaults.disposed,
        _ make: @escaping () -> Observable<Observable<Element>>
    ) -> WindowRecorder<Element> {
        let recorder = WindowRecorder<Element>(scheduler)
        scheduler.scheduleAt(200) { recorder.subscribe(make()) }
        scheduler.scheduleAt(disposed) { recorder.disposeOuter() }
        scheduler.start()
        recorder.disposeAll()
        return recorder
    }

    func testAWindowEndsWhenFullOrWhenTheSpanPassesWhicheverComesFirst() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .next(250, 4), .next(300, 5),
            .next(330, 6), .next(340, 7), .next(350, 8), .completed(420),
        ])

        let res = run(scheduler) { xs.window(timeSpan: .seconds(50), count: 3, scheduler: scheduler) }

        // The first window opens at subscription; the second when the first fills (230), which
        // restarts the span; the others each time it passes (280, 330, 380). The element sent at
        // 330 was queued before the timer due then, so it goes into the window ending then.
        XCTAssertEqual(
            res.outer.events,
            [.next(200, 0), .next(230, 1), .next(280, 2), .next(330, 3), .next(380, 4), .completed(420)])
        XCTAssertEqual(
            res.windowEvents,
            [
                [.next(210, 1), .next(220, 2), .next(230, 3), .completed(230)],
                [.next(250, 4), .completed(280)],
                [.next(300, 5), .next(330, 6), .completed(330)],
                [.next(340, 7), .next(350, 8), .completed(380)],
                [.completed(420)],
            ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 420)])
        XCTAssertEqual(scheduler.pendingWorkCount, 0)
    }

    func testTheFirstWindowIsSentAtSubscriptionBeforeTheSourceIsSubscribed() {
        let scheduler = TestScheduler(initialClock: 0)
        var subscribedToSource = false
        var sourceSubscribedWhenTheWindowArrived: Bool?
        let source = Observable<Int>.create { _ in
            subscribedToSource = true
            return Disposables.create()
        }

        let subscription = source.window(timeSpan: .seconds(50), count: 3, scheduler: scheduler)
            .subscribe(onNext: { _ in sourceSubscribedWhenTheWindowArrived = subscribedToSource })

        XCTAssertEqual(sourceSubscribedWhenTheWindowArrived, false)
        XCTAssertTrue(subscribedToSource)
        XCTAssertEqual(scheduler.pendingWorkCount, 1, "the first window's span")
        subscription.dispose()
        XCTAssertEqual(scheduler.pendingWorkCount, 0)
    }

    func testWhenAWindowFillsItsLastElementGoesThroughThenItEndsThenTheNextOpens() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(300, 3), .completed(320)])

        let res = run(scheduler) { xs.window(timeSpan: .seconds(50), count: 2, scheduler: scheduler) }

        // Full at 220, the span restarts from there: it passes at 270, not 250.
        XCTAssertEqual(
            res.log,
            [
                "200 open 0", "210 w0 1", "220 w0 2", "220 w0 |", "220 open 1", "270 w1 |", "270 open 2", "300 w2 3",
                "320 w2 |", "320 |",
            ])
    }

    func testAnErrorEndsTheOpenWindowThenTheSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .error(240, TestError.boom),
        ])

        let res = run(scheduler) { xs.window(timeSpan: .seconds(100), count: 2, scheduler: scheduler) }

        XCTAssertEqual(
            res.log, ["200 open 0", "210 w0 1", "220 w0 2", "220 w0 |", "220 open 1", "230 w1 3", "240 w1 #", "240 #"])
        XCTAssertEqual(res.windowEvents[1], [.next(230, 3), .error(240, TestError.boom)])
        XCTAssertEqual(res.outer.events.last, .error(240, TestError.boom))
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(scheduler.pendingWorkCount, 0, "the error cancels the timer")
    }

    func testCompletionEndsTheOpenWindowThenTheSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(230)])

        let res = run(scheduler) { xs.window(timeSpan: .seconds(100), count: 5, scheduler: scheduler) }

        XCTAssertEqual(res.log, ["200 open 0", "210 w0 1", "230 w0 |", "230 |"])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(scheduler.pendingWorkCount, 0, "completion cancels the timer")
    }

    func testASourceThatEndsWhileBeingSubscribedLeavesNothingBehind() {
        let scheduler = TestScheduler(initialClock: 0)
        let other = TestScheduler(initialClock: 0)

        let completing = run(scheduler) {
            Observable.of(1, 2, 3).window(timeSpan: .seconds(50), count: 2, scheduler: scheduler)
        }
        let failing = run(other) {
            Observable<Int>.error(TestError.boom).window(timeSpan: .seconds(50), count: 2, scheduler: other)
        }

        XCTAssertEqual(
            completing.log,
            ["200 open 0", "200 w0 1", "200 w0 2", "200 w0 |", "200 open 1", "200 w1 3", "200 w1 |", "200 |"])
        XCTAssertEqual(failing.log, ["200 open 0", "200 w0 #", "200 #"])
        XCTAssertEqual(scheduler.pendingWorkCount + other.pendingWorkCount, 0)
    }

    func testMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a-^-bc-d-------|")

        // Three frames, or two elements: `c` fills the first window, which restarts the span.
        let res = run(scheduler) { xs.window(timeSpan: .seconds(30), count: 2, scheduler: scheduler) }

        assertMarbles(res.outer, "0--1--2--3--4|")
        XCTAssertEqual(res.windows.count, 5)
        assertMarbles(res.windows[0], "--b(c|)")
        assertMarbles(res.windows[1], "-----d|")
        assertMarbles(res.windows[2], "---------|")
        assertMarbles(res.windows[3], "------------|")
        assertMarbles(res.windows[4], "-------------|")
    }

    func testAWindowSendsOnlyWhatArrivesWhileItIsSubscribed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        let recorder = WindowRecorder<Int>(scheduler)
        var first: Observable<Int>?
        let late = scheduler.createObserver(Int.self)
        var lateSubscription: (any Disposable)?
        scheduler.scheduleAt(200) {
            recorder.subscribe(
                xs.window(timeSpan: .seconds(100), count: 5, scheduler: scheduler)
                    .do(onNext: { window in if first == nil { first = window } }),
                subscribeTo: { _ in false })
        }
        scheduler.scheduleAt(215) { lateSubscription = first?.subscribe(late) }

        scheduler.start()

        XCTAssertEqual(late.events, [.next(220, 2), .next(230, 3), .completed(300)])
        lateSubscription?.dispose()
        recorder.disposeAll()
    }

    func testAWindowSubscribedAfterItEndedCompletesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3)])
        var windows: [Observable<Int>] = []
        var subscription: (any Disposable)?
        let late = scheduler.createObserver(Int.self)
        var lateSubscription: (any Disposable)?
        scheduler.scheduleAt(200) {
            subscription = xs.window(timeSpan: .seconds(100), count: 2, scheduler: scheduler)
                .subscribe(onNext: { windows.append($0) })
        }
        scheduler.scheduleAt(250) { subscription?.dispose() }
        scheduler.scheduleAt(260) { lateSubscription = windows.first?.subscribe(late) }

        scheduler.start()

        XCTAssertEqual(late.events, [.completed(260)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)], "the ended window holds nothing")
        XCTAssertEqual(scheduler.pendingWorkCount, 0)
        lateSubscription?.dispose()
    }

    func testDisposingWithNoWindowSubscribedUnsubscribesAtOnceAndCancelsTheTimer() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .next(260, 4)])

        let res = scheduler.start(disposed: 240) { xs.window(timeSpan: .seconds(50), count: 2, scheduler: scheduler) }

        XCTAssertEqual(res.events.map(\.time), [200, 220])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(scheduler.pendingWorkCount, 0)
    }

    func testASubscribedWindowKeepsTheSourceSubscribedAfterTheSequenceIsDisposedUntilItEnds() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(250, 4), .next(260, 5), .next(300, 6),
        ])

        let res = run(scheduler, disposed: 240) { xs.window(timeSpan: .seconds(50), count: 3, scheduler: scheduler) }

        // Window 1 opened at 230 and is subscribed: it gets 4 and 5, then ends with its span at
        // 280, taking the source's subscription with it. Window 2 is never sent.
        XCTAssertEqual(
            res.log,
            [
                "200 open 0", "210 w0 1", "220 w0 2", "230 w0 3", "230 w0 |", "230 open 1", "250 w1 4", "260 w1 5",
                "280 w1 |",
            ])
        XCTAssertEqual(res.outer.events, [.next(200, 0), .next(230, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 280)])
        XCTAssertEqual(scheduler.pendingWorkCount, 0, "no span is started once nobody is left")
    }

    func testAWindowFillingAfterTheSequenceIsDisposedEndsTheSubscriptionToo() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(250, 2), .next(260, 3), .next(270, 4)])

        let res = run(scheduler, disposed: 240) { xs.window(timeSpan: .seconds(100), count: 2, scheduler: scheduler) }

        XCTAssertEqual(res.log, ["200 open 0", "210 w0 1", "250 w0 2", "250 w0 |"])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(scheduler.pendingWorkCount, 0)
    }

    func testTheLastWindowSubscriberLeavingUnsubscribesTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(250, 2), .next(270, 3)])
        let recorder = WindowRecorder<Int>(scheduler)
        scheduler.scheduleAt(200) {
            recorder.subscribe(xs.window(timeSpan: .seconds(100), count: 5, scheduler: scheduler))
        }
        scheduler.scheduleAt(240) { recorder.disposeOuter() }
        scheduler.scheduleAt(260) { recorder.disposeWindow(0) }

        scheduler.start()

        XCTAssertEqual(recorder.log, ["200 open 0", "210 w0 1", "250 w0 2"])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 260)])
        XCTAssertEqual(scheduler.pendingWorkCount, 0)
        recorder.disposeAll()
    }

    func testTheSourceEndingAfterTheSequenceIsDisposedStillEndsTheSubscribedWindow() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(250, 2), .error(260, TestError.boom)])

        let res = run(scheduler, disposed: 240) { xs.window(timeSpan: .seconds(100), count: 5, scheduler: scheduler) }

        XCTAssertEqual(res.log, ["200 open 0", "210 w0 1", "250 w0 2", "260 w0 #"])
        XCTAssertEqual(res.outer.events, [.next(200, 0)], "nothing reaches the subscriber that left")
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 260)])
    }

    func testASubscriberTakingOnlyTheFirstWindowLetsTheSourceGoAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1)])

        let res = scheduler.start { xs.window(timeSpan: .seconds(50), count: 2, scheduler: scheduler).take(1) }

        XCTAssertEqual(res.events.map(\.time), [200, 200])
        XCTAssertEqual(res.events.last?.value.isCompleted, true)
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 200)], "subscribed, as in RxSwift, and let go at once")
        XCTAssertEqual(scheduler.pendingWorkCount, 0)
    }

    func testElementsSentIntoTheSourceFromAWindowsSubscriberAreHandledAfterItReturns() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = DisposalIgnoringObservable<Int>()
        var log: [Int] = []
        var windowSubscriptions: [any Disposable] = []
        var opened = 0
        let subscription = source.window(timeSpan: .seconds(100), count: 3, scheduler: scheduler)
            .subscribe(onNext: { window in
                opened += 1
                windowSubscriptions.append(
                    window.subscribe(onNext: { element in
                        log.append(element)
                        if element == 1 {
                            source.observer?.onNext(2)
                            source.observer?.onNext(3)
                            log.append(-1)
                        }
                    }))
            })

        source.observer?.onNext(1)

        XCTAssertEqual(log, [1, -1, 2, 3], "not nested inside the delivery of 1")
        XCTAssertEqual(opened, 2, "3 filled the first window")
        subscription.dispose()
        for windowSubscription in windowSubscriptions {
            windowSubscription.dispose()
        }
        source.forget()
    }

    func testDisposalLeavesNothingQueuedOnTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = PublishSubject<Int>()
        var windowSubscriptions: [any Disposable] = []
        let subscription = subject.window(timeSpan: .seconds(20), count: 2, scheduler: scheduler)
            .subscribe(onNext: { windowSubscriptions.append($0.subscribe()) })

        XCTAssertEqual(scheduler.pendingWorkCount, 1, "the first window's span")
        subject.onNext(1)
        subject.onNext(2)
        XCTAssertEqual(scheduler.pendingWorkCount, 1, "the second window's span replaced the first's")
        subscription.dispose()
        XCTAssertEqual(scheduler.pendingWorkCount, 1, "the subscribed window goes on")
        for windowSubscription in windowSubscriptions {
            windowSubscription.dispose()
        }

        XCTAssertEqual(scheduler.pendingWorkCount, 0)
    }

    func testAZeroTimeSpanEndsAWindowAtEveryTick() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(202, 1), .completed(203)])

        let res = run(scheduler) { xs.window(timeSpan: .seconds(0), count: 5, scheduler: scheduler) }

        // The test scheduler runs work due now at the next tick, as RxTest's does.
        XCTAssertEqual(
            res.log,
            ["200 open 0", "201 w0 |", "201 open 1", "202 w1 1", "202 w1 |", "202 open 2", "203 w2 |", "203 |"])
    }

    func testANegativeTimeSpanActsAsZero() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(201, 1), .completed(202)])

        let res = run(scheduler) { xs.window(timeSpan: .seconds(-5), count: 5, scheduler: scheduler) }

        XCTAssertEqual(res.log, ["200 open 0", "201 w0 1", "201 w0 |", "201 open 1", "202 w1 |", "202 |"])
    }

    func testANeverTimeSpanEndsWindowsOnlyWhenFullAndAtCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])

        let res = run(scheduler) { xs.window(timeSpan: .never, count: 2, scheduler: scheduler) }

        XCTAssertEqual(
            res.log, ["200 open 0", "210 w0 1", "220 w0 2", "220 w0 |", "220 open 1", "230 w1 3", "300 w1 |", "300 |"])
    }

    func testANeverTimeSpanSchedulesNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = PublishSubject<Int>()
        let subscription = subject.window(timeSpan: .never, count: 2, scheduler: scheduler).subscribe()

        subject.onNext(1)
        subject.onNext(2)
        subject.onNext(3)

        XCTAssertEqual(scheduler.pendingWorkCount, 0)
        subscription.dispose()
    }

    func testACountOfZeroOrLessNeverFillsAWindowSoOnlyTheSpanEndsThem() {
        for count in [0, -1, Int.min] {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(260)])

            let res = run(scheduler) { xs.window(timeSpan: .seconds(50), count: count, scheduler: scheduler) }

            XCTAssertEqual(
                res.log,
                ["200 open 0", "210 w0 1", "220 w0 2", "230 w0 3", "250 w0 |", "250 open 1", "260 w1 |", "260 |"],
                "count \(count)")
        }
    }

    func testATimeSpanPastTheEndOfTheClockSaturates() {
        let start = Int.max - 100
        let scheduler = TestScheduler(initialClock: start)
        let subject = PublishSubject<Int>()
        let recorder = WindowRecorder<Int>(scheduler)
        // At the end of the clock the next span would be due at once, forever: the subscriber
        // leaves when the second window arrives.
        recorder.subscribe(
            subject.window(timeSpan: .seconds(1_000), count: 5, scheduler: scheduler)
                .do(onNext: { _ in if recorder.windows.count == 1 { recorder.disposeOuter() } }))

        subject.onNext(1)
        scheduler.start()

        XCTAssertEqual(recorder.log, ["\(start) open 0", "\(start) w0 1", "\(Int.max) w0 |"])
        XCTAssertEqual(scheduler.pendingWorkCount, 0)
        recorder.disposeAll()
    }

    func testElementsAreNotKept() {
        let scheduler = TestScheduler(initialClock: 0)
        let live = Counter()
        let subject = PublishSubject<LiveElement>()
        var received: [Int] = []
        var windowSubscriptions: [any Disposable] = []
        let subscription = subject.window(timeSpan: .seconds(10), count: 3, scheduler: scheduler)
            .subscribe(onNext: { window in
                windowSubscriptions.append(window.subscribe(onNext: { received.append($0.value) }))
            })

        for value in 0..<1_000 {
            subject.onNext(LiveElement(value, live: live))
            XCTAssertEqual(live.value, 0)
        }
        subscription.dispose()
        for windowSubscription in windowSubscriptions {
            windowSubscription.dispose()
        }

        XCTAssertEqual(received, Array(0..<1_000))
        XCTAssertEqual(live.value, 0)
    }

    func testNothingIsKeptOrScheduledAfterDisposalFromASourceThatIgnoresIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let live = Counter()
        let source = DisposalIgnoringObservable<LiveElement>()
        var windows: [Observable<LiveElement>] = []
        let subscription = source.window(timeSpan: .seconds(10), count: 3, scheduler: scheduler)
            .subscribe(onNext: { windows.append($0) })

        subscription.dispose()
        for value in 0..<1_000 {
            source.observer?.onNext(LiveElement(value, live: live))
        }

        XCTAssertEqual(windows.count, 1)
        XCTAssertEqual(live.value, 0)
        XCTAssertEqual(scheduler.pendingWorkCount, 0)
        XCTAssertEqual(source.disposals.value, 1)
        source.forget()
    }

    func testOnADispatchSchedulerFullWindowsAndTheLastArriveInOrder() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "window-test")
        let received = Locked<[[Int]]>([])
        let windowSubscriptions = Locked<[any Disposable]>([])
        let done = expectation(description: "completed")
        let subscription = Observable.range(start: 1, count: 10, scheduler: scheduler)
            .window(timeSpan: .seconds(1_000), count: 3, scheduler: scheduler)
            .subscribe(
                onNext: { window in
                    let index = received.value.count
                    received.mutate { $0.append([]) }
                    let inner = window.subscribe(onNext: { element in received.mutate { $0[index].append(element) } })
                    windowSubscriptions.mutate { $0.append(inner) }
                }, onCompleted: { done.fulfill() })

        wait(for: [done], timeout: 10)

        XCTAssertEqual(received.value, [[1, 2, 3], [4, 5, 6], [7, 8, 9], [10]])
        subscription.dispose()
        for windowSubscription in windowSubscriptions.value {
            windowSubscription.dispose()
        }
    }

    func testOnADispatchSchedulerTheSpanEndsTheWindow() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "window-span-test")
        let subject = PublishSubject<Int>()
        let received = Locked<[[Int]]>([])
        // The timer keeps opening windows on the queue until the subscription is disposed, and
        // one may arrive while the test disposes: a composite disposes a late one at once.
        let windowSubscriptions = CompositeDisposable()
        let ended = expectation(description: "the element's window ended")
        let subscription = subject.window(timeSpan: .milliseconds(20), count: 10, scheduler: scheduler)
            .subscribe(onNext: { window in
                let elements = Locked<[Int]>([])
                let inner = window.subscribe(
                    onNext: { element in elements.mutate { $0.append(element) } },
                    onCompleted: {
                        // Empty windows may end first, however long the element takes to be sent.
                        guard !elements.value.isEmpty else { return }
                        received.mutate { $0.append(elements.value) }
                        ended.fulfill()
                    })
                windowSubscriptions.insert(inner)
            })

        subject.onNext(1)
        wait(for: [ended], timeout: 10)
        subscription.dispose()
        windowSubscriptions.dispose()

        XCTAssertEqual(received.value, [[1]])
    }

    // MARK: A timer never waits for a delivery (issue 38)

    func testATimerFiringWhileAnElementIsDeliveredIntoTheWindowNeverWaitsForIt() {
        // The element reaches the window's subscriber on the source's thread while the span's timer
        // fires. RxSwift's timer waits for its lock here, which the source holds across it.
        assertTimerDoesNotWaitForTheDelivery(
            of: "window",
            { source, scheduler, dueTime in
                source.window(timeSpan: dueTime, count: 10, scheduler: scheduler).flatMap { $0 }
            }, during: { $0.onNext(1) })
    }
}

// MARK: - Under contention

/// `window` with the source, the timer and disposal on different threads.
final class WindowUnderContentionTests: BufferWindowContentionTestCase {
    func testBufferWindowStressWindowWithTheSourceAndTheTimerOnDifferentThreads() {
        let scheduler = FiringCounter()
        for round in 0..<rounds {
            let (source, sourceObserver, disposals) = capturedSource()
            let outer = DeliveryProbe<Int>()
            let elements = DeliveryProbe<Int>()
            let sizes = Locked<[Int]>([])
            let completions = Counter()
            let baseline = Resources.total
            let (subscription, windowSubscriptions) = subscribeToEveryWindow(
                source.window(timeSpan: span, count: 7, scheduler: scheduler), outer: outer, elements: elements,
                sizes: sizes, completions: completions)
            // The handle keeps the sinks alive: it goes before the leak check.
            do {
                let sourceHandle = UncheckedSendable(sourceObserver.value!)
                sourceObserver.value = nil
                let total = count
                DispatchQueue.global().sync {
                    Self.send(total, to: sourceHandle.value, interleavingWith: scheduler)
                }
            }
            XCTAssertTrue(Self.waitUntil { outer.terminalCount == 1 }, "round \(round)")
            subscription.dispose()
            windowSubscriptions.dispose()
            // Completion sent on the timer's thread disposes the source there, after `outer` saw it.
            Self.waitUntil { disposals.value > 0 }

            let windowCount = outer.elements.count
            XCTAssertEqual(outer.elements, Array(0..<windowCount), "round \(round)")
            XCTAssertEqual(outer.events.last?.isCompleted, true, "round \(round)")
            XCTAssertEqual(outer.eventsAfterTerminal, 0, "round \(round)")
            XCTAssertEqual(completions.value, windowCount, "every window ended once, round \(round)")
            XCTAssertEqual(elements.elements, Array(0..<count), "every element once, in order, round \(round)")
            XCTAssertTrue(sizes.value.allSatisfy { $0 <= 7 }, "round \(round)")
            XCTAssertEqual(outer.overlaps + elements.overlaps, 0, "round \(round)")
            XCTAssertEqual(disposals.value, 1, "round \(round)")
            XCTAssertEqual(
                Resources.waitForTotal(toReturnTo: baseline, timeout: .seconds(5)), 0,
                "sinks still alive, round \(round)")
        }
    }

    func testBufferWindowStressWindowDisposedFromAThirdThreadWhileItsWindowsAreSubscribed() {
        let scheduler = FiringCounter()
        for round in 0..<rounds {
            let (source, sourceObserver, disposals) = capturedSource()
            let outer = DeliveryProbe<Int>()
            let elements = DeliveryProbe<Int>()
            let sizes = Locked<[Int]>([])
            let completions = Counter()
            let baseline = Resources.total
            let (subscription, windowSubscriptions) = subscribeToEveryWindow(
                source.window(timeSpan: span, count: 7, scheduler: scheduler), outer: outer, elements: elements,
                sizes: sizes, completions: completions)
            // The handles keep the sinks alive: they go before the leak check.
            do {
                let sourceHandle = UncheckedSendable(sourceObserver.value!)
                let outerSubscription = UncheckedSendable(subscription)
                sourceObserver.value = nil
                let total = count
                let sent = Counter()
                let stopAt = Int.random(in: 0...count)
                DispatchQueue.concurrentPerform(iterations: 2) { index in
                    if index == 0 {
                        // Once the sequence is disposed, its window ends at the next firing and
                        // the timer with it.
                        Self.send(
                            total, to: sourceHandle.value, interleavingWith: scheduler, sent: sent,
                            disposed: { outer.hasDisposeReturned })
                    } else {
                        Self.waitUntil { sent.value >= stopAt }
                        // The subscribed window keeps the source subscribed until it ends.
                        outerSubscription.value.dispose()
                        outer.markDisposeReturned()
                    }
                }
            }
            windowSubscriptions.dispose()

            let received = elements.elements
            XCTAssertEqual(received, Array(0..<received.count), "an ordered prefix, round \(round)")
            XCTAssertTrue(sizes.value.allSatisfy { $0 <= 7 }, "round \(round)")
            XCTAssertEqual(outer.elements, Array(0..<outer.elements.count), "round \(round)")
            XCTAssertLessThanOrEqual(outer.terminalCount, 1, "round \(round)")
            XCTAssertLessThanOrEqual(outer.deliveriesAfterDispose, 1, "round \(round)")
            XCTAssertLessThanOrEqual(completions.value, outer.elements.count, "round \(round)")
            XCTAssertEqual(outer.overlaps + elements.overlaps, 0, "round \(round)")
            XCTAssertTrue(
                Self.waitUntil { disposals.value == 1 }, "the source unsubscribed once nobody is left, round \(round)")
            XCTAssertEqual(
                Resources.waitForTotal(toReturnTo: baseline, timeout: .seconds(5)), 0,
                "sinks still alive, round \(round)")
        }
    }
}
