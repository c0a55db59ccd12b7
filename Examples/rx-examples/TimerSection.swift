import Dispatch
import RxCore
import RxDisposables
import RxOperators
import RxSchedulers

/// `timer` with a period and `interval`, on real dispatch queues, then disposed.
let timerSection = Section(
    name: "timer",
    title: "timer and interval on dispatch queues",
    summary: "timer and interval on real dispatch queues for about a second, then disposed"
) {
    explain(
        "timer(due, period:) sends 0 after `due`, then 1, 2, ... every `period`; interval(p) is",
        "timer(p, period: p). Both hand the count to schedulePeriodic, which on a dispatch scheduler",
        "is a repeating DispatchSource timer: each tick receives the previous tick's count plus one.",
        "Neither ever completes: the subscription runs until it is disposed, which cancels the timer."
    )
    let clock = Clock()
    let done = DispatchSemaphore(value: 0)
    let serial = SerialDispatchQueueScheduler(queue: .global(), internalSerialQueueName: "rx-examples.timer")
    show("timer(100 ms, period: 200 ms).map { $0 * 10 }.take(4) on a serial dispatch queue:")
    let timer = Observable<Int>.timer(.milliseconds(100), period: .milliseconds(200), scheduler: serial)
        .map { $0 * 10 }
        .take(4)
        .subscribe(
            onNext: { show("  \(clock.elapsed): \($0)") },
            onCompleted: {
                show("  \(clock.elapsed): completed (take(4) ended it and disposed the timer)")
                done.signal()
            })
    _ = done.wait(timeout: .now() + 3)
    timer.dispose()

    show("interval(300 ms) on a concurrent dispatch queue, disposed after one second:")
    let concurrent = ConcurrentDispatchQueueScheduler(qos: .default)
    let intervalClock = Clock()
    let ticks = Observable<UInt8>.interval(.milliseconds(300), scheduler: concurrent)
        .subscribe(
            onNext: { show("  \(intervalClock.elapsed): tick \($0)") },
            onDisposed: { show("  \(intervalClock.elapsed): disposed; no tick follows") })
    _ = DispatchSemaphore(value: 0).wait(timeout: .now() + .milliseconds(1_000))
    ticks.dispose()
    print()
}
