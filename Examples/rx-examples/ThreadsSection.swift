import Dispatch
import RxCore
import RxDisposables
import RxOperators
import RxSchedulers

/// Where each step of a pipeline runs once `subscribe(on:)` and `observe(on:)` move it.
let threadsSection = Section(
    name: "threads",
    title: "subscribe(on:) and observe(on:)",
    summary: "subscribe(on:) and observe(on:): which queue each step runs on"
) {
    explain(
        "subscribe(on: A) makes the subscription itself, and so create's closure, run on A; the",
        "events then start wherever the source sends them, here on A too, and pass map there.",
        "observe(on: B) hands each event to B, in order, so everything after it runs on B.",
        "Without either, everything runs on the thread that called subscribe. A and B run at the",
        "same time, so lines from A and from B may interleave differently from run to run."
    )
    let subscribeScheduler = QueueName.serialScheduler("A")
    let observeScheduler = QueueName.serialScheduler("B")
    let done = DispatchSemaphore(value: 0)
    show("subscribe called on \(QueueName.current)")
    let subscription = Observable<Int>.create { observer in
        show("create closure on \(QueueName.current)")
        observer.onNext(1)
        observer.onNext(2)
        observer.onCompleted()
        return Disposables.create()
    }
    .map { value -> Int in
        show("map(\(value)) on \(QueueName.current)")
        return value * 10
    }
    .subscribe(on: subscribeScheduler)
    .observe(on: observeScheduler)
    .subscribe(
        onNext: { show("subscriber got \($0) on \(QueueName.current)") },
        onCompleted: {
            show("completed on \(QueueName.current)")
            done.signal()
        })
    show("subscribe returned at once on \(QueueName.current); the work happens on A and B")
    _ = done.wait(timeout: .now() + 3)
    subscription.dispose()
    print()
}
