import Dispatch
import Foundation
import RxCore
import RxDisposables
import RxSchedulers
import RxTestSupport
import XCTest

final class SerialDispatchQueueSchedulerTests: RxTestCase {
    private func makeScheduler(_ name: String = "serial") -> SerialDispatchQueueScheduler {
        SerialDispatchQueueScheduler(
            internalSerialQueueName: name, serialQueueConfiguration: { QueueMarker.mark($0, as: name) })
    }

    /// Schedules a last action on `scheduler` and waits for it, so that everything queued
    /// before it on the serial queue has had its turn.
    private func drain(_ scheduler: SerialDispatchQueueScheduler, after dueTime: RxTimeInterval = .seconds(0)) {
        let drained = expectation(description: "queue drained")
        _ = scheduler.scheduleRelative((), dueTime: dueTime) { _ in
            drained.fulfill()
            return Disposables.create()
        }
        wait(for: [drained], timeout: 5)
    }

    func testActionsRunOnTheQueueInSchedulingOrder() {
        let scheduler = makeScheduler()
        let log = Log<Int>()
        let queues = Log<String?>()
        let done = expectation(description: "all ran")
        done.expectedFulfillmentCount = 100
        for index in 0..<100 {
            _ = scheduler.schedule(index) { index in
                log.append(index)
                queues.append(QueueMarker.current)
                done.fulfill()
                return Disposables.create()
            }
        }
        wait(for: [done], timeout: 5)
        XCTAssertEqual(log.values, Array(0..<100))
        XCTAssertEqual(Set(queues.values), ["serial"])
    }

    func testSchedulingFromInsideAnActionQueuesBehindTheWorkAlreadyThere() {
        let scheduler = makeScheduler()
        let log = Log<String>()
        let done = expectation(description: "nested ran")
        let gate = DispatchSemaphore(value: 0)
        _ = scheduler.schedule(()) { _ in
            _ = gate.wait(timeout: .now() + 5)
            return Disposables.create()
        }
        _ = scheduler.schedule(()) { _ in
            log.append("outer")
            _ = scheduler.schedule(()) { _ in
                log.append("nested")
                done.fulfill()
                return Disposables.create()
            }
            return Disposables.create()
        }
        _ = scheduler.schedule(()) { _ in
            log.append("second")
            return Disposables.create()
        }
        gate.signal()
        wait(for: [done], timeout: 5)
        XCTAssertEqual(log.values, ["outer", "second", "nested"])
    }

    func testDisposingAQueuedActionSkipsItAndReleasesItAtOnce() {
        let scheduler = makeScheduler()
        let gate = DispatchSemaphore(value: 0)
        let log = Log<String>()
        _ = scheduler.schedule(()) { _ in
            _ = gate.wait(timeout: .now() + 5)
            return Disposables.create()
        }
        weak var released: Payload?
        let disposable: any Disposable
        do {
            let payload = Payload()
            released = payload
            disposable = scheduler.schedule(payload) { _ in
                log.append("cancelled action ran")
                return Disposables.create()
            }
        }
        disposable.dispose()
        XCTAssertNil(released)
        gate.signal()
        drain(scheduler)
        XCTAssertEqual(log.values, [])
        disposable.dispose()
    }

    func testDisposingAfterTheRunDisposesWhatTheActionReturned() {
        let scheduler = makeScheduler()
        let inner = BooleanDisposable()
        let ran = expectation(description: "ran")
        let disposable = scheduler.schedule(()) { _ in
            ran.fulfill()
            return inner
        }
        wait(for: [ran], timeout: 5)
        drain(scheduler)
        XCTAssertFalse(inner.isDisposed)
        disposable.dispose()
        XCTAssertTrue(inner.isDisposed)
    }

    func testRelativeActionRunsOnTheQueueAfterItsDueTime() {
        let scheduler = makeScheduler()
        let start = DispatchTime.now()
        let fired = expectation(description: "fired")
        let elapsed = Log<UInt64>()
        let queues = Log<String?>()
        _ = scheduler.scheduleRelative((), dueTime: .milliseconds(30)) { _ in
            elapsed.append(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds)
            queues.append(QueueMarker.current)
            fired.fulfill()
            return Disposables.create()
        }
        wait(for: [fired], timeout: 5)
        XCTAssertGreaterThanOrEqual(elapsed.values.first ?? 0, 30_000_000)
        XCTAssertEqual(queues.values, ["serial"])
    }

    func testRelativeActionsRunInDueTimeOrder() {
        let scheduler = makeScheduler()
        let log = Log<Int>()
        let done = expectation(description: "all fired")
        done.expectedFulfillmentCount = 3
        // Each due time counts from its own call: the gaps are wide enough that this thread
        // stalling between the calls on a busy machine does not reorder them.
        for delay in [200, 0, 100] {
            _ = scheduler.scheduleRelative(delay, dueTime: .milliseconds(delay)) { delay in
                log.append(delay)
                done.fulfill()
                return Disposables.create()
            }
        }
        wait(for: [done], timeout: 5)
        XCTAssertEqual(log.values, [0, 100, 200])
    }

    func testNegativeDueTimeRunsAsSoonAsPossible() {
        let scheduler = makeScheduler()
        let log = Log<String>()
        let done = expectation(description: "both fired")
        done.expectedFulfillmentCount = 2
        // Due long enough after the next call that a stall of this thread in between does not
        // let it come first.
        _ = scheduler.scheduleRelative((), dueTime: .milliseconds(200)) { _ in
            log.append("later")
            done.fulfill()
            return Disposables.create()
        }
        _ = scheduler.scheduleRelative((), dueTime: .seconds(-3_600)) { _ in
            log.append("past")
            done.fulfill()
            return Disposables.create()
        }
        wait(for: [done], timeout: 5)
        XCTAssertEqual(log.values, ["past", "later"])
    }

    func testExtremeDueTimesSaturateInsteadOfTrapping() {
        let scheduler = makeScheduler()
        let log = Log<String>()
        let fired = expectation(description: "earliest fired")
        let far = scheduler.scheduleRelative((), dueTime: .seconds(Int.max)) { _ in
            log.append("far future")
            return Disposables.create()
        }
        let periodic = scheduler.schedulePeriodic(0, startAfter: .seconds(Int.min), period: .seconds(Int.max)) {
            log.append("periodic \($0)")
            return $0 + 1
        }
        _ = scheduler.scheduleRelative((), dueTime: .seconds(Int.min)) { _ in
            log.append("far past")
            fired.fulfill()
            return Disposables.create()
        }
        wait(for: [fired], timeout: 5)
        drain(scheduler, after: .milliseconds(10))
        XCTAssertEqual(log.values.sorted(), ["far past", "periodic 0"])
        far.dispose()
        periodic.dispose()
    }

    func testNeverDueTimeHoldsNothingAndNeverRuns() {
        let scheduler = makeScheduler()
        let log = Log<String>()
        weak var released: Payload?
        do {
            let payload = Payload()
            released = payload
            _ = scheduler.scheduleRelative(payload, dueTime: .never) { _ in
                log.append("ran")
                return Disposables.create()
            }
        }
        XCTAssertNil(released)
        drain(scheduler, after: .milliseconds(20))
        XCTAssertEqual(log.values, [])
    }

    func testDisposingARelativeActionBeforeItFiresCancelsItAndReleasesItAtOnce() {
        let scheduler = makeScheduler()
        let log = Log<String>()
        weak var released: Payload?
        let disposable: any Disposable
        do {
            let payload = Payload()
            released = payload
            disposable = scheduler.scheduleRelative(payload, dueTime: .milliseconds(20)) { _ in
                log.append("cancelled timer fired")
                return Disposables.create()
            }
        }
        XCTAssertNotNil(released)
        disposable.dispose()
        XCTAssertNil(released)
        disposable.dispose()
        drain(scheduler, after: .milliseconds(60))
        XCTAssertEqual(log.values, [])
    }

    func testDisposingALongTimerReleasesTheActionWithoutWaitingForTheDeadline() {
        let scheduler = makeScheduler()
        weak var released: Payload?
        let disposable: any Disposable
        do {
            let payload = Payload()
            released = payload
            disposable = scheduler.scheduleRelative(payload, dueTime: .seconds(3_600)) { _ in
                Disposables.create()
            }
        }
        XCTAssertNotNil(released)
        disposable.dispose()
        XCTAssertNil(released)
    }

    func testARelativeActionReleasesItsStateOnceItHasRunWhileItsDisposableIsKept() {
        // The fired timer drops its action and state, and its source lets go of the timer.
        let scheduler = makeScheduler()
        weak var releasedPayload: Payload?
        weak var releasedReturn: BooleanDisposable?
        let disposable: any Disposable
        do {
            let payload = Payload()
            let returned = BooleanDisposable()
            releasedPayload = payload
            releasedReturn = returned
            disposable = scheduler.scheduleRelative(payload, dueTime: .milliseconds(1)) { _ in returned }
        }
        drain(scheduler, after: .milliseconds(20))
        XCTAssertNil(releasedPayload, "the state is released after the run")
        XCTAssertNotNil(releasedReturn, "what the action returned is kept for dispose()")
        XCTAssertFalse(releasedReturn?.isDisposed ?? true)
        disposable.dispose()
        XCTAssertNil(releasedReturn, "dispose() disposes and releases it")
    }

    /// Releasing a cancelled timer's state may deinitialise it, and that deinit may dispose the
    /// same timer again: the timer must not still hold its lock then.
    func testATimerWhoseStateDisposesItOnDeinitCanBeCancelled() {
        final class DisposesOnDeinit: @unchecked Sendable {
            var target: (any Disposable)?
            deinit { target?.dispose() }
        }
        let scheduler = makeScheduler()
        let log = Log<String>()
        weak var released: DisposesOnDeinit?
        let disposable: any Disposable
        do {
            let owner = DisposesOnDeinit()
            released = owner
            disposable = scheduler.scheduleRelative(owner, dueTime: .milliseconds(20)) { _ in
                log.append("cancelled timer fired")
                return Disposables.create()
            }
            owner.target = disposable
        }
        disposable.dispose()
        XCTAssertNil(released, "the cancelled state is released")
        drain(scheduler, after: .milliseconds(60))
        XCTAssertEqual(log.values, [])
    }

    func testDisposingARelativeActionFromInsideItDisposesWhatItReturns() {
        let scheduler = makeScheduler()
        let inner = BooleanDisposable()
        let holder = SingleAssignmentDisposable()
        let fired = expectation(description: "fired")
        holder.setDisposable(
            scheduler.scheduleRelative((), dueTime: .milliseconds(1)) { _ in
                holder.dispose()
                fired.fulfill()
                return inner
            })
        wait(for: [fired], timeout: 5)
        drain(scheduler)
        XCTAssertTrue(inner.isDisposed)
    }

    func testPeriodicActionThreadsItsStateOnTheQueue() {
        let scheduler = makeScheduler()
        let states = Log<Int>()
        let queues = Log<String?>()
        let fiveTicks = expectation(description: "five ticks")
        let holder = SingleAssignmentDisposable()
        // Started late enough that `holder` has the timer before the fifth tick, even when this
        // thread stalls on a busy machine.
        holder.setDisposable(
            scheduler.schedulePeriodic(10, startAfter: .milliseconds(100), period: .milliseconds(5)) { state in
                states.append(state)
                queues.append(QueueMarker.current)
                if state == 14 {
                    holder.dispose()
                    fiveTicks.fulfill()
                }
                return state + 1
            })
        wait(for: [fiveTicks], timeout: 5)
        drain(scheduler, after: .milliseconds(30))
        XCTAssertEqual(states.values, [10, 11, 12, 13, 14])
        XCTAssertEqual(Set(queues.values), ["serial"])
    }

    func testDisposingAPeriodicTimerReleasesItsActionAndState() {
        let scheduler = makeScheduler()
        weak var releasedState: Payload?
        weak var releasedCapture: Payload?
        let ticked = expectation(description: "ticked")
        ticked.assertForOverFulfill = false
        let disposable: any Disposable
        do {
            let state = Payload()
            let captured = Payload()
            releasedState = state
            releasedCapture = captured
            disposable = scheduler.schedulePeriodic(state, startAfter: .seconds(0), period: .milliseconds(2)) { state in
                _ = captured
                ticked.fulfill()
                return state
            }
        }
        wait(for: [ticked], timeout: 5)
        disposable.dispose()
        drain(scheduler)
        XCTAssertNil(releasedState)
        XCTAssertNil(releasedCapture)
    }

    func testZeroAndNegativePeriodsRunAtTheMinimumPeriodInsteadOfSpinning() {
        for period in [RxTimeInterval.seconds(0), .milliseconds(-5), .nanoseconds(1)] {
            assertPeriodTicksNoFasterThanTheMinimum(makeScheduler(), period: period, ticks: 6)
        }
        XCTAssertEqual(DispatchQueueConfiguration.minimumPeriod, .milliseconds(1))
    }

    func testNeverPeriodRunsOnceAndNeverStartRunsNothing() {
        let scheduler = makeScheduler()
        let log = Log<String>()
        let once = scheduler.schedulePeriodic("once", startAfter: .milliseconds(1), period: .never) { state in
            log.append(state)
            return state
        }
        let never = scheduler.schedulePeriodic("never", startAfter: .never, period: .milliseconds(1)) { state in
            log.append(state)
            return state
        }
        drain(scheduler, after: .milliseconds(30))
        XCTAssertEqual(log.values, ["once"])
        once.dispose()
        never.dispose()
    }

    func testSchedulerTargetingAConcurrentQueueStaysSerial() {
        let scheduler = SerialDispatchQueueScheduler(
            queue: DispatchQueue(label: "target", attributes: .concurrent), internalSerialQueueName: "targeted")
        assertRunsActionsOneAtATimeInOrder(scheduler, count: 50)
    }

    func testQualityOfServiceInitializerRunsWorkAndReportsWallClockTime() {
        let scheduler = SerialDispatchQueueScheduler(qos: .userInitiated)
        let before = Date()
        let ran = expectation(description: "ran")
        _ = scheduler.schedule(()) { _ in
            ran.fulfill()
            return Disposables.create()
        }
        wait(for: [ran], timeout: 5)
        XCTAssertGreaterThanOrEqual(scheduler.now, before)
    }
}
