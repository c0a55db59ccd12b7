import Dispatch
import RxCore
import RxDisposables
import RxSchedulers

/// `timer_dispatch`: scheduling 100,000 one-shot timers an hour ahead and cancelling them all,
/// per batch; the queue is drained before the batch counts as done.
enum TimerDispatch {
    static let timersPerBatch = 100_000

    static func rx(batches: Int) -> Int {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "timer_dispatch.rx")
        var cancelled = 0
        for _ in 0..<batches {
            var timers: [any Disposable] = []
            timers.reserveCapacity(timersPerBatch)
            for _ in 0..<timersPerBatch {
                timers.append(scheduler.scheduleRelative((), dueTime: .seconds(3600)) { _ in Disposables.create() })
            }
            for timer in timers {
                timer.dispose()
                cancelled += 1
            }
            let drained = DispatchSemaphore(value: 0)
            _ = scheduler.schedule(()) { _ in
                drained.signal()
                return Disposables.create()
            }
            drained.wait()
        }
        return cancelled
    }

    /// Raw `DispatchSourceTimer`s: what any dispatch-based timer must at least do.
    static func floor(batches: Int) -> Int {
        let queue = DispatchQueue(label: "timer_dispatch.floor")
        var cancelled = 0
        for _ in 0..<batches {
            var timers: [any DispatchSourceTimer] = []
            timers.reserveCapacity(timersPerBatch)
            for _ in 0..<timersPerBatch {
                let timer = DispatchSource.makeTimerSource(queue: queue)
                timer.schedule(deadline: .now() + .seconds(3600))
                timer.setEventHandler {}
                timer.activate()
                timers.append(timer)
            }
            for timer in timers {
                timer.cancel()
                cancelled += 1
            }
            queue.sync {}
        }
        return cancelled
    }

    static func expected(batches: Int) -> Int {
        batches * timersPerBatch
    }
}
