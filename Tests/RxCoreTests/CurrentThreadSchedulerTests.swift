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
