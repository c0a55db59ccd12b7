import Dispatch
import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import Synchronization
import XCTest

/// `share` under threads: three threads subscribe to and dispose a shared sequence while a
/// fourth sends into its source. Every element is the send's sequence number, stamped before the
/// send starts, so a subscriber's log tells what arrived after its `dispose()` returned.
final class ShareStressReliabilityTests: RxTestCase {
    private final class SubscriberLog: Sendable {
        let received = RxMutex<[Int]>([])
        let disposeReturnedAt = Atomic<Int>(0)
    }

    private func hammer(scope: SubjectLifetimeScope, replay: Int) {
        let source = PublishSubject<Int>()
        let shared = UncheckedSendable(source.map { $0 }.share(replay: replay, scope: scope))
        let sequence = Atomic<Int>(0)
        let sent = Atomic<Bool>(false)
        let logs = RxMutex<[SubscriberLog]>([])

        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            if worker == 0 {
                for _ in 0..<20_000 {
                    source.onNext(sequence.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue)
                }
                sent.store(true, ordering: .sequentiallyConsistent)
                return
            }
            var made = 0
            while made < 300 && !sent.load(ordering: .sequentiallyConsistent) {
                made += 1
                let log = SubscriberLog()
                let subscription = shared.value.subscribe(onNext: { value in
                    log.received.withLock { $0.append(value) }
                })
                for _ in 0..<(made % 5) * 30 { _ = sequence.load(ordering: .relaxed) }
                subscription.dispose()
                log.disposeReturnedAt.store(
                    sequence.load(ordering: .sequentiallyConsistent), ordering: .sequentiallyConsistent)
                logs.withLock { $0.append(log) }
            }
        }

        XCTAssertFalse(source.hasObservers, "the shared subscription to the source ended with the last observer")
        // After the churn, a new observer is connected: no connection was left half made or
        // disposed under it.
        var afterwards: [Int] = []
        let late = shared.value.subscribe(onNext: { afterwards.append($0) })
        source.onNext(-1)
        late.dispose()
        XCTAssertEqual(afterwards.last, -1)
        XCTAssertFalse(source.hasObservers)
        for log in logs.withLock({ $0 }) {
            let received = log.received.withLock { $0 }
            XCTAssertEqual(received, received.sorted(), "out of order")
            XCTAssertEqual(Set(received).count, received.count, "an element arrived twice")
            if let last = received.last {
                XCTAssertLessThanOrEqual(last, log.disposeReturnedAt.load(ordering: .relaxed), "after dispose returned")
            }
        }
    }

    func testShareUnderThreadsEndsItsSourceSubscriptionAndDeliversInOrder() {
        hammer(scope: .whileConnected, replay: 0)
    }

    func testShareReplayForeverUnderThreads() {
        hammer(scope: .forever, replay: 1)
    }

    func testShareReplayWhileConnectedUnderThreads() {
        hammer(scope: .whileConnected, replay: 2)
    }
}

/// `refCount()` when observers come and go on many threads at once, each staying only an
/// instant: connecting and disconnecting run one thread at a time, so every observer that stays
/// subscribed is connected, and the source is unsubscribed once nobody is left.
final class RefCountStressReliabilityTests: RxTestCase {
    func testAnObserverArrivingWhileOthersComeAndGoIsConnected() {
        for _ in 0..<100 {
            let source = PublishSubject<Int>()
            let counted = UncheckedSendable(source.publish().refCount())
            let stayer = RxMutex<[Int]>([])
            let staying = RxMutex<UncheckedSendable<any Disposable>?>(nil)
            DispatchQueue.concurrentPerform(iterations: 4) { worker in
                for iteration in 0..<300 {
                    if worker == 0 && iteration == 150 {
                        let subscription = counted.value.subscribe(onNext: { value in
                            stayer.withLock { $0.append(value) }
                        })
                        staying.withLock { $0 = UncheckedSendable(subscription) }
                    }
                    counted.value.subscribe(onNext: { _ in }).dispose()
                }
            }
            source.onNext(1)
            staying.withLock { $0?.value.dispose() }
            XCTAssertEqual(stayer.withLock { $0 }, [1], "the observer that stayed is connected")
            XCTAssertFalse(source.hasObservers, "unsubscribed once nobody is left")
        }
    }
}
