import Dispatch
import RxCore
import RxDisposables
import RxTestSupport
import XCTest

final class CurrentThreadSchedulerTests: RxTestCase {
    private let scheduler = CurrentThreadScheduler.instance

    func testScheduleIsRequiredOutsideAndNotInside() {
        XCTAssertTrue(CurrentThreadScheduler.isScheduleRequired)
        var inside: Bool?
        _ = scheduler.schedule(()) { _ in
            inside = CurrentThreadScheduler.isScheduleRequired
            return Disposables.create()
        }

        XCTAssertEqual(inside, false)
        XCTAssertTrue(CurrentThreadScheduler.isScheduleRequired)
    }

    func testTheFirstActionRunsAtOnceWithItsState() {
        var received: String?
        _ = scheduler.schedule("state") { state in
            received = state
            return Disposables.create()
        }
        XCTAssertEqual(received, "state")
    }

    func testNestedSchedulesRunAfterTheCurrentActionInFIFOOrder() {
        let log = CallLog()
        _ = scheduler.schedule(()) { [scheduler] _ in
            log.append("outer start")
            for name in ["a", "b", "c"] {
                _ = scheduler.schedule(name) { name in
                    log.append(name)
                    return Disposables.create()
                }
            }
            log.append("outer end")
            return Disposables.create()
        }

        XCTAssertEqual(log.entries, ["outer start", "outer end", "a", "b", "c"])
    }

    func testWorkScheduledFromScheduledWorkRunsAfterWhatWasAlreadyQueued() {
        let log = CallLog()
        _ = scheduler.schedule(()) { [scheduler] _ in
            _ = scheduler.schedule(()) { _ in
                log.append("a")
                _ = scheduler.schedule(()) { _ in
                    log.append("c")
                    return Disposables.create()
                }
                return Disposables.create()
            }
            _ = scheduler.schedule(()) { _ in
                log.append("b")
                return Disposables.create()
            }
            return Disposables.create()
        }

        XCTAssertEqual(log.entries, ["a", "b", "c"])
    }

    func testLongQueuesKeepFIFOOrder() {
        var order: [Int] = []
        _ = scheduler.schedule(()) { [scheduler] _ in
            for index in 0..<2_000 {
                _ = scheduler.schedule(index) { index in
                    order.append(index)
                    if index < 500 {
                        _ = scheduler.schedule(2_000 + index) { late in
                            order.append(late)
                            return Disposables.create()
                        }
                    }
                    return Disposables.create()
                }
            }
            return Disposables.create()
        }

        XCTAssertEqual(order, Array(0..<2_500))
    }

    func testItemsDisposedBeforeTheirTurnAreSkipped() {
        let log = CallLog()
        _ = scheduler.schedule(()) { [scheduler] _ in
            let skipped = scheduler.schedule(()) { _ in
                log.append("skipped")
                return Disposables.create()
            }
            _ = scheduler.schedule(()) { _ in
                log.append("kept")
                return Disposables.create()
            }
            skipped.dispose()
            return Disposables.create()
        }

        XCTAssertEqual(log.entries, ["kept"])
    }

    func testAQueuedItemCanCancelALaterOne() {
        let log = CallLog()
        _ = scheduler.schedule(()) { [scheduler] _ in
            var later: (any Disposable)?
            _ = scheduler.schedule(()) { _ in
                log.append("first")
                later?.dispose()
                return Disposables.create()
            }
            later = scheduler.schedule(()) { _ in
                log.append("later")
                return Disposables.create()
            }
            return Disposables.create()
        }

        XCTAssertEqual(log.entries, ["first"])
    }

    func testReturnsTheActionsDisposableWhenItRunsAtOnce() {
        let produced = BooleanDisposable()
        let returned = scheduler.schedule(()) { _ in produced }

        XCTAssertTrue(returned as AnyObject === produced)
    }

    func testDisposingAQueuedItemAfterItRanDisposesWhatItReturned() {
        let produced = BooleanDisposable()
        var item: (any Disposable)?
        _ = scheduler.schedule(()) { [scheduler] _ in
            item = scheduler.schedule(()) { _ in produced }
            return Disposables.create()
        }

        XCTAssertFalse(produced.isDisposed)
        item?.dispose()
        XCTAssertTrue(produced.isDisposed)
    }

    func testDisposingAQueuedItemDuringItsActionDisposesWhatItReturns() {
        let produced = BooleanDisposable()
        _ = scheduler.schedule(()) { [scheduler] _ in
            var item: (any Disposable)?
            item = scheduler.schedule(()) { _ in
                item?.dispose()
                return produced
            }
            return Disposables.create()
        }

        XCTAssertTrue(produced.isDisposed)
    }

    func testQueuedItemsReleaseTheirActionOnceRunOrDisposed() {
        var ranToken: Token? = Token()
        var skippedToken: Token? = Token()
        weak let weakRan = ranToken
        weak let weakSkipped = skippedToken
        var items: [any Disposable] = []
        _ = scheduler.schedule(()) { [scheduler] _ in
            items.append(
                scheduler.schedule(()) { [ranToken] _ in
                    _ = ranToken
                    return Disposables.create()
                })
            items.append(
                scheduler.schedule(()) { [skippedToken] _ in
                    _ = skippedToken
                    return Disposables.create()
                })
            items[1].dispose()
            return Disposables.create()
        }
        ranToken = nil
        skippedToken = nil

        XCTAssertEqual(items.count, 2)
        XCTAssertNil(weakRan, "the returned item does not keep the action that ran")
        XCTAssertNil(weakSkipped, "the returned item does not keep the action that was cancelled")
    }

    /// Releasing a cancelled action may deinitialise what it captured, and that deinit may
    /// dispose the same item again: the item must not still hold its lock then.
    func testAnActionWhoseCaptureDisposesTheItemOnDeinitCanBeCancelled() {
        final class DisposesOnDeinit {
            var target: (any Disposable)?
            let onDeinit: () -> Void
            init(onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
            deinit {
                target?.dispose()
                onDeinit()
            }
        }
        let finished = expectation(description: "the cancellation returned")
        let deinitRan = expectation(description: "the captured object was released")
        // On a thread of its own, so that a deadlock fails this test instead of hanging the suite.
        DispatchQueue.global().async { [scheduler] in
            _ = scheduler.schedule(()) { _ in
                var owner: DisposesOnDeinit? = DisposesOnDeinit { deinitRan.fulfill() }
                let item = scheduler.schedule(()) { [owner] _ in
                    _ = owner
                    return Disposables.create()
                }
                owner?.target = item
                owner = nil
                item.dispose()
                return Disposables.create()
            }
            finished.fulfill()
        }
        wait(for: [deinitRan, finished], timeout: 5)
    }

    /// The queue is a ring that grows while items run: growing when the waiting items wrap
    /// around its end must keep them in order, and so must scheduling after it shrank again.
    /// Items are numbered as they are scheduled, so FIFO order runs them in numeric order.
    func testAQueueThatGrowsWhileWrappedKeepsFIFOOrder() {
        for round in 0..<2 {
            var order: [Int] = []
            var scheduled = 0
            func scheduleNext() {
                let number = scheduled
                scheduled += 1
                _ = scheduler.schedule(number) { number in
                    order.append(number)
                    // Each early item adds three more; the queue's head has moved on, so they wrap.
                    if number < 700 {
                        for _ in 0..<3 { scheduleNext() }
                    }
                    return Disposables.create()
                }
            }
            _ = scheduler.schedule(()) { _ in
                for _ in 0..<12 { scheduleNext() }
                return Disposables.create()
            }

            XCTAssertEqual(scheduled, 12 + 700 * 3, "round \(round)")
            XCTAssertTrue(order == Array(0..<scheduled), "FIFO order, round \(round)")
        }
    }

    /// Each item of a long chain, each scheduled by the one before, releases its state once
    /// its action returns: the queue keeps no finished item.
    func testAChainOfItemsKeepsNoFinishedItemsState() {
        var releasedBeforeNextRan: [Bool] = []
        weak var previous: Token?
        func step(_ token: Token, remaining: Int) -> any Disposable {
            releasedBeforeNextRan.append(previous == nil)
            previous = token
            if remaining > 0 {
                _ = scheduler.schedule(Token()) { step($0, remaining: remaining - 1) }
            }
            return Disposables.create()
        }
        _ = scheduler.schedule(()) { [scheduler] _ in
            _ = scheduler.schedule(Token()) { step($0, remaining: 2_000) }
            return Disposables.create()
        }

        XCTAssertEqual(releasedBeforeNextRan, Array(repeating: true, count: 2_001))
        XCTAssertNil(previous)
    }

    /// An item whose disposable nobody kept is reused once its turn is over; what its action
    /// returned must still be released at the end of that turn, not kept with the spare item.
    func testWhatAFinishedItemsActionReturnedIsReleasedAtTheEndOfItsTurn() {
        weak var returned: BooleanDisposable?
        var releasedBeforeTheNextTurn = false
        _ = scheduler.schedule(()) { [scheduler] _ in
            _ = scheduler.schedule(()) { _ in
                let disposable = BooleanDisposable()
                returned = disposable
                return disposable
            }
            _ = scheduler.schedule(()) { _ in
                releasedBeforeTheNextTurn = returned == nil
                return Disposables.create()
            }
            return Disposables.create()
        }

        XCTAssertTrue(releasedBeforeTheNextTurn)
        XCTAssertNil(returned)
    }

    /// Disposables kept by their callers keep their items out of reuse: each still answers for
    /// its own action while many later items run, reusing whatever can be reused.
    func testKeptDisposablesStillAnswerForTheirOwnItemsWhileOthersAreReused() {
        var kept: [(disposable: any Disposable, produced: BooleanDisposable)] = []
        var ran = 0
        _ = scheduler.schedule(()) { [scheduler] _ in
            for index in 0..<100 {
                let produced = BooleanDisposable()
                let disposable = scheduler.schedule(index) { _ in
                    ran += 1
                    return produced
                }
                if index.isMultiple(of: 10) {
                    kept.append((disposable, produced))
                }
            }
            return Disposables.create()
        }
        _ = scheduler.schedule(()) { [scheduler] _ in
            for _ in 0..<100 {
                _ = scheduler.schedule(()) { _ in
                    ran += 1
                    return Disposables.create()
                }
            }
            return Disposables.create()
        }

        XCTAssertEqual(ran, 200)
        XCTAssertEqual(kept.map(\.produced.isDisposed), Array(repeating: false, count: 10))
        for entry in kept {
            entry.disposable.dispose()
        }
        XCTAssertEqual(kept.map(\.produced.isDisposed), Array(repeating: true, count: 10))
    }

    func testAReturnedItemReportsItsDisposal() {
        var item: (any Cancelable)?
        _ = scheduler.schedule(()) { [scheduler] _ in
            item = scheduler.schedule(()) { _ in Disposables.create() } as? any Cancelable
            XCTAssertEqual(item?.isDisposed, false)
            item?.dispose()
            XCTAssertEqual(item?.isDisposed, true)
            return Disposables.create()
        }

        XCTAssertEqual(item?.isDisposed, true)
    }

    /// A queued item's state is released when its action runs; that release may dispose the
    /// item while its action still runs, and what the action returns must be disposed then.
    func testAStateWhoseDeinitDisposesTheRunningItemDisposesWhatItReturns() {
        let produced = BooleanDisposable()
        let finished = expectation(description: "the item ran")
        DispatchQueue.global().async { [scheduler] in
            _ = scheduler.schedule(()) { _ in
                var state: DisposesOnDeinit? = DisposesOnDeinit {}
                let item = scheduler.schedule(state!) { _ in produced }
                state?.target = item
                state = nil
                return Disposables.create()
            }
            finished.fulfill()
        }
        wait(for: [finished], timeout: 5)

        XCTAssertTrue(produced.isDisposed)
    }

    /// Cancelling a queued item releases its state, whose deinit may dispose the item again.
    func testAStateWhoseDeinitDisposesTheCancelledItemIsReleasedOnce() {
        let log = CallLog()
        let finished = expectation(description: "the cancellation returned")
        DispatchQueue.global().async { [scheduler] in
            _ = scheduler.schedule(()) { _ in
                var state: DisposesOnDeinit? = DisposesOnDeinit { log.append("state released") }
                let item = scheduler.schedule(state!) { _ in
                    log.append("cancelled item ran")
                    return Disposables.create()
                }
                state?.target = item
                state = nil
                item.dispose()
                log.append("disposed")
                return Disposables.create()
            }
            finished.fulfill()
        }
        wait(for: [finished], timeout: 5)

        XCTAssertEqual(log.entries, ["state released", "disposed"])
    }

    /// Items cancelled from another thread while the trampoline drains: each runs at most once,
    /// an item that ran has what it returned disposed, and every action is released.
    func testItemsCancelledFromAnotherThreadDuringTheDrainRunAtMostOnce() {
        for round in 0..<20 {
            let count = 500
            let ran = (0..<count).map { _ in CallLog() }
            let produced = (0..<count).map { _ in BooleanDisposable() }
            var tokens: [Token?] = (0..<count).map { _ in Token() }
            let weakTokens = tokens.map { WeakToken($0) }
            let cancelled = expectation(description: "cancelled, round \(round)")
            _ = scheduler.schedule(()) { [scheduler] _ in
                var items: [any Disposable] = []
                for index in 0..<count {
                    items.append(
                        scheduler.schedule(index) { [token = tokens[index]] index in
                            _ = token
                            ran[index].append("ran")
                            return produced[index]
                        })
                }
                tokens = []
                let shared = UncheckedSendable(items)
                DispatchQueue.global().async {
                    for item in shared.value.reversed() {
                        item.dispose()
                    }
                    cancelled.fulfill()
                }
                return Disposables.create()
            }
            wait(for: [cancelled], timeout: 5)

            for index in 0..<count {
                XCTAssertLessThanOrEqual(ran[index].entries.count, 1, "item \(index), round \(round)")
                XCTAssertEqual(
                    produced[index].isDisposed, ran[index].entries.count == 1, "item \(index), round \(round)")
                XCTAssertNil(weakTokens[index].value, "item \(index), round \(round)")
            }
        }
    }

    func testEachThreadHasItsOwnTrampoline() {
        let log = CallLog()
        let otherThreadDone = DispatchSemaphore(value: 0)
        _ = scheduler.schedule(()) { _ in
            DispatchQueue.global().async {
                log.append("other required: \(CurrentThreadScheduler.isScheduleRequired)")
                _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                    log.append("other action")
                    _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                        log.append("other nested")
                        return Disposables.create()
                    }
                    return Disposables.create()
                }
                log.append("other returned")
                otherThreadDone.signal()
            }
            XCTAssertEqual(otherThreadDone.wait(timeout: .now() + 5), .success)
            log.append("this required: \(CurrentThreadScheduler.isScheduleRequired)")
            return Disposables.create()
        }

        XCTAssertEqual(
            log.entries,
            ["other required: true", "other action", "other nested", "other returned", "this required: false"])
    }
}

/// Disposes `target` when released, as a `DisposeBag` captured by an action would.
private final class DisposesOnDeinit: @unchecked Sendable {
    var target: (any Disposable)?
    private let onDeinit: () -> Void

    init(onDeinit: @escaping () -> Void) {
        self.onDeinit = onDeinit
    }

    deinit {
        target?.dispose()
        onDeinit()
    }
}

/// Watches a ``Token`` without keeping it.
private final class WeakToken: @unchecked Sendable {
    weak var value: Token?

    init(_ value: Token?) {
        self.value = value
    }
}
