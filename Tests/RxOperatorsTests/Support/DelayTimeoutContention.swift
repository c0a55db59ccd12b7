import Dispatch
import Foundation
import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

/// `delay(_:scheduler:)` and `timeout(_:other:scheduler:)` with the source sending on one thread
/// while their timers fire on a dispatch queue: downstream is called one event at a time, in
/// order, with exactly one terminal event and nothing after it, and every sink is gone at the
/// end. Run under `swift test --sanitize=thread`.
///
/// What the tests of `delay` and `timeout` under contention share; each operator's mirror file subclasses it.
class DelayTimeoutContentionTestCase: RxTestCase {
    let rounds = 30

    let count = 1_000

    let key = DispatchSpecificKey<Int>()

    func makeScheduler() -> SerialDispatchQueueScheduler {
        SerialDispatchQueueScheduler(
            internalSerialQueueName: "delay-timeout-stress",
            serialQueueConfiguration: { [key] in
                $0.setSpecific(key: key, value: 1)
            })
    }

    /// A sequence whose single subscriber's observer is handed to the test, to send from any thread.
    func capturedSource<Element>() -> (Observable<Element>, Locked<AnyObserver<Element>?>) {
        let kept = Locked<AnyObserver<Element>?>(nil)
        let source = Observable<Element>.create { observer in
            kept.value = observer
            return Disposables.create()
        }
        return (source, kept)
    }

    /// Spins, for at most 10 s, until `probe` has seen a terminal event.
    static func waitForTerminal<Element>(_ probe: DeliveryProbe<Element>) {
        let deadline = Date().addingTimeInterval(10)
        while probe.terminalCount == 0, Date() < deadline {}
    }

    /// Spins for about `microseconds`.
    static func pause(microseconds: Int) {
        let until = DispatchTime.now().uptimeNanoseconds + UInt64(microseconds) * 1_000
        while DispatchTime.now().uptimeNanoseconds < until {}
    }
}
