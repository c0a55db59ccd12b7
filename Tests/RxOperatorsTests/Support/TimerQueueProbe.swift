import Dispatch
import Foundation
import RxCore
import RxDisposables
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import Synchronization
import XCTest

/// A serial dispatch queue scheduler that counts the actions it has finished running, so that a
/// test can wait, with a bound, for a timer to have fired and returned.
///
/// It drives the pattern of issue 38: an operator's timer fires on a serial queue while another
/// thread's delivery runs, and the delivering observer then waits for that queue (as code that
/// hops onto the main queue with `DispatchQueue.main.sync` does). A timer that waits for the
/// delivery holds the queue, and the observer never gets it.
// @unchecked Sendable: `finished` is atomic and `signal` is a semaphore; the rest is immutable.
final class TimerQueueProbe: SchedulerType, @unchecked Sendable {
    let queue: DispatchQueue
    private let scheduler: SerialDispatchQueueScheduler
    private let key = DispatchSpecificKey<Bool>()
    private let finished = Atomic<Int>(0)
    private let signal = DispatchSemaphore(value: 0)

    init(label: String) {
        queue = DispatchQueue(label: label)
        queue.setSpecific(key: key, value: true)
        scheduler = SerialDispatchQueueScheduler(queue: queue, internalSerialQueueName: "\(label)-internal")
    }

    /// Whether the calling code runs on the probe's queue.
    var isOnQueue: Bool { DispatchQueue.getSpecific(key: key) == true }

    /// How many actions have run to their end on the queue.
    var finishedActions: Int { finished.load(ordering: .sequentiallyConsistent) }

    /// Waits until more than `count` actions have finished, at most `timeout` seconds; whether
    /// they did.
    func waitForActions(after count: Int, timeout: TimeInterval) -> Bool {
        let deadline = DispatchTime.now() + timeout
        while finishedActions <= count {
            if signal.wait(timeout: deadline) == .timedOut {
                return finishedActions > count
            }
        }
        return true
    }

    /// Whether the queue runs a block within `timeout` seconds: `queue.sync {}` with a bound.
    func queueIsFree(within timeout: TimeInterval) -> Bool {
        let ran = DispatchSemaphore(value: 0)
        queue.async { ran.signal() }
        return ran.wait(timeout: .now() + timeout) == .success
    }

    private func counted<State>(_ action: @escaping (State) -> any Disposable) -> (State) -> any Disposable {
        { state in
            let disposable = action(state)
            self.finished.wrappingAdd(1, ordering: .sequentiallyConsistent)
            self.signal.signal()
            return disposable
        }
    }

    var now: RxTime { scheduler.now }

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> any Disposable) -> any Disposable {
        scheduler.schedule(state, action: counted(action))
    }

    func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        scheduler.scheduleRelative(state, dueTime: dueTime, action: counted(action))
    }

    func schedulePeriodic<StateType>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> any Disposable {
        scheduler.schedulePeriodic(state, startAfter: startAfter, period: period) { state in
            let next = action(state)
            self.finished.wrappingAdd(1, ordering: .sequentiallyConsistent)
            self.signal.signal()
            return next
        }
    }
}

extension RxTestCase {
    /// Issue 38's pattern for one time operator: `before` sends what starts the operator's timer
    /// (due in `dueTime`), then another thread sends `during`, whose delivery reaches the
    /// observer while the timer is still to fire. That observer waits (at most five seconds) for
    /// the timer to fire on the probe's queue and return, then for the queue to be free, as code
    /// that does `queue.sync {}` would. A timer that waits for the delivery fails both waits,
    /// where it would otherwise hang.
    ///
    /// Events the observer receives on the probe's queue (what the timer sends) never wait.
    func assertTimerDoesNotWaitForTheDelivery<Element>(
        of name: String, dueTime: RxTimeInterval = .milliseconds(100),
        _ makeChain: (Observable<Int>, TimerQueueProbe, RxTimeInterval) -> Observable<Element>,
        before: (PublishSubject<Int>) -> Void = { _ in },
        during: @escaping @Sendable (PublishSubject<Int>) -> Void,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let probe = TimerQueueProbe(label: "timer-queue \(name)")
        let source = PublishSubject<Int>()
        let armed = Atomic<Bool>(false)
        let outcome = Locked<(timerReturned: Bool, queueFree: Bool)?>(nil)
        let block: @Sendable () -> Void = {
            // Only the delivery of `during`, on the sending thread; only once.
            guard !probe.isOnQueue, armed.exchange(false, ordering: .sequentiallyConsistent) else { return }
            let count = probe.finishedActions
            let timerReturned = probe.waitForActions(after: count, timeout: 5)
            let queueFree = probe.queueIsFree(within: 5)
            outcome.value = (timerReturned, queueFree)
        }
        let subscription = makeChain(source.asObservable(), probe, dueTime).subscribe(
            onNext: { _ in block() }, onError: { _ in block() }, onCompleted: { block() })
        before(source)
        armed.store(true, ordering: .sequentiallyConsistent)
        let sent = DispatchSemaphore(value: 0)
        let sender = UncheckedSendable(source)
        Thread {
            during(sender.value)
            sent.signal()
        }.start()
        XCTAssertEqual(
            sent.wait(timeout: .now() + 15), .success, "\(name): the sender never returned", file: file, line: line)
        subscription.dispose()
        guard let outcome = outcome.value else {
            XCTFail("\(name): the delivery of the event sent never reached the observer", file: file, line: line)
            return
        }
        XCTAssertTrue(outcome.timerReturned, "\(name): the timer waited for the delivery", file: file, line: line)
        XCTAssertTrue(
            outcome.queueFree, "\(name): the timer's queue stayed busy during the delivery", file: file, line: line)
        // Whatever the timer scheduled again runs (and finds the subscription disposed) before the
        // leak check.
        XCTAssertTrue(probe.queueIsFree(within: 5), file: file, line: line)
    }
}
