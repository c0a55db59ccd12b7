import Dispatch
import RxCore
import RxDisposables
import RxSchedulers

/// Runs ``ticks(on:)`` on a background queue and calls `done` with what it sent.
public func runTicks(done: @escaping @Sendable ([String]) -> Void) -> any Disposable {
    let scheduler = SerialDispatchQueueScheduler(qos: .default)
    var received: [String] = []
    return ticks(on: scheduler)
        .subscribe(
            onNext: { received.append($0) },
            onCompleted: { done(received) }
        )
}
