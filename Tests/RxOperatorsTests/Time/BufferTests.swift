import Dispatch
import Foundation
import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

final class BufferTests: RxTestCase {
    func testSendsABufferWhenItIsFullOrWhenTheSpanPassesWhicheverComesFirst() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .next(250, 4), .next(300, 5),
            .next(330, 6), .next(340, 7), .next(350, 8), .completed(420),
        ])

        let res = scheduler.start { xs.buffer(timeSpan: .seconds(50), count: 3, scheduler: scheduler) }

        // Full at 230, which restarts the span: it then passes at 280, 330 and 380. The element
        // sent at 330 was queued before the timer due then, so it is in that tick's buffer.
        XCTAssertEqual(
            res.events,
            [
                .next(230, [1, 2, 3]), .next(280, [4]), .next(330, [5, 6]), .next(380, [7, 8]), .next(420, []),
                .completed(420),
            ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 420)])
        XCTAssertEqual(scheduler.pendingWorkCount, 0)
    }

    func testAnEmptyBufferIsSentEachTimeTheSpanPassesWithNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(330)] as [Recorded<Event<Int>>])

        let res = scheduler.start { xs.buffer(timeSpan: .seconds(50), count: 3, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(250, []), .next(300, []), .next(330, []), .completed(330)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 330)])
    }

    func testFillingABufferRestartsTheSpan() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(260, 3), .completed(400)])

        let res = scheduler.start { xs.buffer(timeSpan: .seconds(50), count: 2, scheduler: scheduler) }

        // Without the restart the span would pass at 250 and 300; full at 220, it passes at 270.
        XCTAssertEqual(
            res.events,
            [.next(220, [1, 2]), .next(270, [3]), .next(320, []), .next(370, []), .next(400, []), .completed(400)])
    }

    func testCompletionSendsTheBufferBeingCollectedAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])

        let res = scheduler.start { xs.buffer(timeSpan: .seconds(50), count: 3, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(230, [1, 2]), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(scheduler.pendingWorkCount, 0, "completion cancels the timer")
    }

    func testAnErrorIsPassedOnAtOnceAndTheCollectedElementsAreDropped() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .error(250, TestError.boom),
        ])

        let res = scheduler.start { xs.buffer(timeSpan: .seconds(100), count: 3, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(230, [1, 2, 3]), .error(250, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(scheduler.pendingWorkCount, 0, "the error cancels the timer")
    }

    func testASourceThatEndsWhileBeingSubscribedLeavesNothingBehind() {
        let scheduler = TestScheduler(initialClock: 0)
        let other = TestScheduler(initialClock: 0)

        let completing = scheduler.start {
            Observable.of(1, 2, 3).buffer(timeSpan: .seconds(50), count: 2, scheduler: scheduler)
        }
        let failing = other.start {
            Observable<Int>.error(TestError.boom).buffer(timeSpan: .seconds(50), count: 2, scheduler: other)
        }

        XCTAssertEqual(completing.events, [.next(200, [1, 2]), .next(200, [3]), .completed(200)])
        XCTAssertEqual(failing.events, [.error(200, TestError.boom)])
        XCTAssertEqual(scheduler.pendingWorkCount + other.pendingWorkCount, 0)
    }

    func testMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a-^-bc-d-------|")

        // Three frames, or two elements: `c` fills the first buffer, which restarts the span.
        let res = scheduler.start { xs.buffer(timeSpan: .seconds(30), count: 2, scheduler: scheduler) }

        assertMarbles(res, "---x--y--e--e(e|)", values: ["x": ["b", "c"], "y": ["d"], "e": []])
    }

    func testDisposingMidStreamCancelsTheTimer() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .next(250, 3)])

        let res = scheduler.start(disposed: 245) { xs.buffer(timeSpan: .seconds(20), count: 5, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(220, [1]), .next(240, [2])])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 245)])
        XCTAssertEqual(scheduler.pendingWorkCount, 0)
    }

    func testDisposalLeavesNothingQueuedOnTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = PublishSubject<Int>()
        let subscription = subject.buffer(timeSpan: .seconds(20), count: 2, scheduler: scheduler).subscribe()

        XCTAssertEqual(scheduler.pendingWorkCount, 1, "the first span starts at subscription")
        subject.onNext(1)
        subject.onNext(2)
        XCTAssertEqual(scheduler.pendingWorkCount, 1, "the full buffer's restart replaced the first timer")
        subscription.dispose()

        XCTAssertEqual(scheduler.pendingWorkCount, 0)
    }

    func testASubscriberThatDisposesOnReceivingABufferLeavesNothingScheduled() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = PublishSubject<Int>()
        var received: [[Int]] = []
        var subscription: (any Disposable)?
        subscription = subject.buffer(timeSpan: .seconds(20), count: 2, scheduler: scheduler)
            .subscribe(onNext: { buffer in
                received.append(buffer)
                subscription?.dispose()
            })

        subject.onNext(1)
        subject.onNext(2)

        XCTAssertEqual(received, [[1, 2]])
        XCTAssertEqual(scheduler.pendingWorkCount, 0, "no span is started for a subscriber that has left")
        subscription = nil
    }

    func testAZeroTimeSpanSendsABufferAtEveryTick() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(213)])

        let res = scheduler.start { xs.buffer(timeSpan: .seconds(0), count: 5, scheduler: scheduler) }

        // The test scheduler runs work due now at the next tick, as RxTest's does.
        let emptyUntilTheElement: [Recorded<Event<[Int]>>] = (201...209).map { .next($0, []) }
        XCTAssertEqual(
            res.events,
            emptyUntilTheElement + [.next(210, [1]), .next(211, []), .next(212, []), .next(213, []), .completed(213)])
    }

    func testANegativeTimeSpanActsAsZero() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(202, 1), .completed(204)])

        let res = scheduler.start { xs.buffer(timeSpan: .seconds(-5), count: 5, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(201, []), .next(202, [1]), .next(203, []), .next(204, []), .completed(204)])
    }

    func testANeverTimeSpanSendsOnlyFullBuffersAndTheLastAtCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])

        let res = scheduler.start { xs.buffer(timeSpan: .never, count: 2, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(220, [1, 2]), .next(300, [3]), .completed(300)])
    }

    func testANeverTimeSpanSchedulesNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = PublishSubject<Int>()
        let subscription = subject.buffer(timeSpan: .never, count: 2, scheduler: scheduler).subscribe()

        subject.onNext(1)
        subject.onNext(2)
        subject.onNext(3)

        XCTAssertEqual(scheduler.pendingWorkCount, 0)
        subscription.dispose()
    }

    func testACountOfZeroOrLessNeverFillsABufferSoOnlyTheSpanSendsThem() {
        for count in [0, -1, Int.min] {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(260)])

            let res = scheduler.start { xs.buffer(timeSpan: .seconds(50), count: count, scheduler: scheduler) }

            XCTAssertEqual(res.events, [.next(250, [1, 2, 3]), .next(260, []), .completed(260)], "count \(count)")
        }
    }

    func testATimeSpanPastTheEndOfTheClockSaturates() {
        let scheduler = TestScheduler(initialClock: Int.max - 100)
        let subject = PublishSubject<Int>()
        var received: [(TestTime, [Int])] = []
        var subscription: (any Disposable)?
        subscription = subject.buffer(timeSpan: .seconds(1_000), count: 5, scheduler: scheduler)
            .subscribe(onNext: { buffer in
                received.append((scheduler.clock, buffer))
                // At the end of the clock the next span would be due at once, forever.
                subscription?.dispose()
            })

        subject.onNext(1)
        scheduler.start()

        XCTAssertEqual(received.map(\.0), [Int.max])
        XCTAssertEqual(received.map(\.1), [[1]])
        XCTAssertEqual(scheduler.pendingWorkCount, 0)
        subscription = nil
    }

    func testOnlyTheBufferBeingCollectedIsKept() {
        let scheduler = TestScheduler(initialClock: 0)
        let live = Counter()
        let subject = PublishSubject<LiveElement>()
        var received: [[Int]] = []
        let subscription = subject.buffer(timeSpan: .seconds(10), count: 3, scheduler: scheduler)
            .subscribe(onNext: { received.append($0.map(\.value)) })

        subject.onNext(LiveElement(1, live: live))
        subject.onNext(LiveElement(2, live: live))
        XCTAssertEqual(live.value, 2)
        subject.onNext(LiveElement(3, live: live))
        XCTAssertEqual(live.value, 0, "a full buffer is let go once sent")
        subject.onNext(LiveElement(4, live: live))
        scheduler.advanceTo(10)
        XCTAssertEqual(live.value, 0, "a buffer the span sent is let go too")
        subject.onNext(LiveElement(5, live: live))
        XCTAssertEqual(live.value, 1)
        subscription.dispose()

        XCTAssertEqual(received, [[1, 2, 3], [4]])
        XCTAssertEqual(live.value, 0, "the buffer being collected is let go on disposal")
    }

    func testWithTheSourceFarAheadAtMostOneBufferIsAlive() {
        let scheduler = TestScheduler(initialClock: 0)
        let live = Counter()
        let subject = PublishSubject<LiveElement>()
        var mostAlive = 0
        var sent = 0
        let subscription = subject.buffer(timeSpan: .never, count: 10, scheduler: scheduler)
            .subscribe(onNext: { buffer in
                mostAlive = max(mostAlive, live.value)
                sent += buffer.count
            })

        for value in 0..<1_000 {
            subject.onNext(LiveElement(value, live: live))
        }

        XCTAssertEqual(sent, 1_000)
        XCTAssertEqual(mostAlive, 10, "only the buffer being delivered")
        XCTAssertEqual(live.value, 0)
        subscription.dispose()
    }

    func testAnElementWhoseDeinitSendsIntoTheChainIsHandledAfterItsBufferWasSent() {
        let scheduler = TestScheduler(initialClock: 0)
        let live = Counter()
        let source = DisposalIgnoringObservable<LiveElement>()
        var received: [[Int]] = []
        let subscription = source.buffer(timeSpan: .never, count: 2, scheduler: scheduler)
            .subscribe(onNext: { received.append($0.map(\.value)) })
        let reentrant = UncheckedSendable(source.observer!)

        // Once its sender has let go, the buffer holds the first element's last reference: the
        // element dies when its sent buffer does, while the second element is being handled.
        source.observer?.onNext(
            LiveElement(1, live: live, onRelease: { reentrant.value.onNext(LiveElement(9, live: live)) }))
        source.observer?.onNext(LiveElement(2, live: live))
        XCTAssertEqual(received, [[1, 2]])
        XCTAssertEqual(live.value, 1, "the element sent from the deinit is being collected")
        source.observer?.onNext(LiveElement(3, live: live))

        XCTAssertEqual(received, [[1, 2], [9, 3]], "handled after the buffer that released it, in order")
        subscription.dispose()
        source.forget()
        XCTAssertEqual(live.value, 0)
    }

    func testCollectedElementsWhoseDeinitSendsIntoTheChainAreReleasedOnDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let live = Counter()
        let source = DisposalIgnoringObservable<LiveElement>()
        var received: [[Int]] = []
        let subscription = source.buffer(timeSpan: .seconds(10), count: 5, scheduler: scheduler)
            .subscribe(onNext: { received.append($0.map(\.value)) })
        let reentrant = UncheckedSendable(source.observer!)

        source.observer?.onNext(
            LiveElement(1, live: live, onRelease: { reentrant.value.onNext(LiveElement(9, live: live)) }))
        source.observer?.onNext(LiveElement(2, live: live))
        subscription.dispose()

        XCTAssertEqual(received, [])
        XCTAssertEqual(live.value, 0, "released without deadlock; the element sent from the deinit was refused")
        XCTAssertEqual(scheduler.pendingWorkCount, 0)
        source.forget()
    }

    func testNothingIsKeptOrScheduledAfterDisposalFromASourceThatIgnoresIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let live = Counter()
        let source = DisposalIgnoringObservable<LiveElement>()
        let subscription = source.buffer(timeSpan: .seconds(10), count: 3, scheduler: scheduler).subscribe()

        subscription.dispose()
        for value in 0..<1_000 {
            source.observer?.onNext(LiveElement(value, live: live))
        }

        XCTAssertEqual(live.value, 0)
        XCTAssertEqual(scheduler.pendingWorkCount, 0)
        source.forget()
    }

    func testOnADispatchSchedulerFullBuffersAndTheLastArriveInOrder() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "buffer-test")
        let received = Locked<[[Int]]>([])
        let done = expectation(description: "completed")
        let subscription = Observable.range(start: 1, count: 10, scheduler: scheduler)
            .buffer(timeSpan: .seconds(1_000), count: 3, scheduler: scheduler)
            .subscribe(onNext: { buffer in received.mutate { $0.append(buffer) } }, onCompleted: { done.fulfill() })

        wait(for: [done], timeout: 10)

        XCTAssertEqual(received.value, [[1, 2, 3], [4, 5, 6], [7, 8, 9], [10]])
        subscription.dispose()
    }

    func testOnADispatchSchedulerTheSpanSendsWhatWasCollected() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "buffer-span-test")
        let subject = PublishSubject<Int>()
        let received = Locked<[[Int]]>([])
        let sent = expectation(description: "the element's buffer")
        let subscription = subject.buffer(timeSpan: .milliseconds(20), count: 10, scheduler: scheduler)
            .subscribe(onNext: { buffer in
                // Empty buffers may come first, however long the element takes to be sent.
                guard !buffer.isEmpty else { return }
                received.mutate { $0.append(buffer) }
                sent.fulfill()
            })

        subject.onNext(1)
        wait(for: [sent], timeout: 10)
        subscription.dispose()

        XCTAssertEqual(received.value, [[1]])
    }

    // MARK: A timer never waits for a delivery (issue 38)

    func testATimerFiringWhileAFullBufferIsDeliveredNeverWaitsForIt() {
        // The third element fills the buffer, whose delivery outlasts the span's timer. RxSwift's
        // timer waits for its lock here, which the source holds across the delivery.
        assertTimerDoesNotWaitForTheDelivery(
            of: "buffer",
            { source, scheduler, dueTime in source.buffer(timeSpan: dueTime, count: 3, scheduler: scheduler) },
            before: {
                $0.onNext(1)
                $0.onNext(2)
            }, during: { $0.onNext(3) })
    }
}

// MARK: - Under contention

/// `buffer` with the source, the timer and disposal on different threads.
final class BufferUnderContentionTests: BufferWindowContentionTestCase {
    func testBufferWindowStressBufferWithTheSourceAndTheTimerOnDifferentThreads() {
        let scheduler = FiringCounter()
        for round in 0..<rounds {
            let (source, sourceObserver, disposals) = capturedSource()
            let probe = DeliveryProbe<[Int]>()
            let baseline = Resources.total
            let subscription = probe.subscribe(source.buffer(timeSpan: span, count: 7, scheduler: scheduler))
            // The handle keeps the sink alive: it goes before the leak check.
            do {
                let sourceHandle = UncheckedSendable(sourceObserver.value!)
                sourceObserver.value = nil
                let total = count
                DispatchQueue.global().sync {
                    Self.send(total, to: sourceHandle.value, interleavingWith: scheduler)
                }
            }
            // The timer's thread may be delivering when completion arrives: it then delivers it,
            // and runs onDisposed and the source's disposal after the probe has seen it.
            XCTAssertTrue(Self.waitUntil { probe.terminalCount == 1 }, "round \(round)")
            subscription.dispose()
            probe.waitForOnDisposed()
            Self.waitUntil { disposals.value > 0 }

            let buffers = probe.elements
            XCTAssertEqual(buffers.flatMap { $0 }, Array(0..<count), "every element once, in order, round \(round)")
            XCTAssertTrue(buffers.allSatisfy { $0.count <= 7 }, "round \(round)")
            XCTAssertEqual(probe.events.last?.isCompleted, true, "round \(round)")
            XCTAssertEqual(probe.eventsAfterTerminal, 0, "round \(round)")
            XCTAssertEqual(probe.overlaps, 0, "round \(round)")
            XCTAssertEqual(probe.disposedCount, 1, "round \(round)")
            XCTAssertEqual(disposals.value, 1, "round \(round)")
            XCTAssertEqual(
                Resources.waitForTotal(toReturnTo: baseline, timeout: .seconds(5)), 0,
                "sinks still alive, round \(round)")
        }
    }

    func testBufferWindowStressBufferDisposedFromAThirdThreadMidStream() {
        let scheduler = FiringCounter()
        for round in 0..<rounds {
            let (source, sourceObserver, disposals) = capturedSource()
            let probe = DeliveryProbe<[Int]>()
            let baseline = Resources.total
            let subscription = UncheckedSendable(
                probe.subscribe(source.buffer(timeSpan: span, count: 7, scheduler: scheduler)))
            // The handle keeps the sink alive: it goes before the leak check.
            do {
                let sourceHandle = UncheckedSendable(sourceObserver.value!)
                sourceObserver.value = nil
                let total = count
                let sent = Counter()
                let stopAt = Int.random(in: 0...count)
                DispatchQueue.concurrentPerform(iterations: 2) { index in
                    if index == 0 {
                        Self.send(
                            total, to: sourceHandle.value, interleavingWith: scheduler, sent: sent,
                            disposed: { probe.hasDisposeReturned })
                    } else {
                        Self.waitUntil { sent.value >= stopAt }
                        subscription.value.dispose()
                        probe.markDisposeReturned()
                    }
                }
            }
            // Completion may have come first, on the timer's thread, which then runs onDisposed and
            // the source's disposal after this thread's dispose() returned.
            probe.waitForOnDisposed()
            Self.waitUntil { disposals.value > 0 }

            let buffers = probe.elements
            let elements = buffers.flatMap { $0 }
            XCTAssertEqual(elements, Array(0..<elements.count), "an ordered prefix, round \(round)")
            XCTAssertTrue(buffers.allSatisfy { $0.count <= 7 }, "round \(round)")
            XCTAssertLessThanOrEqual(probe.terminalCount, 1, "round \(round)")
            XCTAssertEqual(probe.eventsAfterTerminal, 0, "round \(round)")
            XCTAssertLessThanOrEqual(probe.deliveriesAfterDispose, 1, "round \(round)")
            XCTAssertEqual(probe.overlaps, 0, "round \(round)")
            XCTAssertEqual(probe.disposedCount, 1, "round \(round)")
            XCTAssertEqual(disposals.value, 1, "round \(round)")
            XCTAssertEqual(
                Resources.waitForTotal(toReturnTo: baseline, timeout: .seconds(5)), 0,
                "sinks still alive, round \(round)")
        }
    }
}
