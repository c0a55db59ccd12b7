import Dispatch
import Foundation
import Observation
import RxCore
import RxDisposables
import RxObservation
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import Synchronization
import XCTest

/// A model changed on several threads, each change a transaction holding the model's lock, which
/// the bridge holds too while it reads and arms the tracking. Run under ThreadSanitizer.
final class ObservationsThreadingTests: RxTestCase {
    func testChangesOnSeveralThreadsArriveAsWholeTransactionsInOrderEndingWithTheLast() {
        let tally = Tally()
        let transactions = Atomic<Int>(0)
        let received = Locked<[(Int, Int)]>([])
        let target = Locked<Int?>(nil)
        let last = expectation(description: "the last transaction's value")
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .userInitiated)
        let subscription = Observable.observations(scheduler: scheduler, lock: tally.lock) {
            (tally.first, tally.second)
        }
        .subscribe(onNext: { pair in
            received.mutate { $0.append(pair) }
            if target.value == pair.0 { last.fulfill() }
        })

        let threads = 4
        let perThread = 2_000
        let done = DispatchGroup()
        for _ in 0..<threads {
            DispatchQueue.global().async(group: done) {
                for _ in 0..<perThread {
                    // Numbered under the lock, so later transactions carry larger numbers.
                    tally.lock.lock()
                    let number = transactions.wrappingAdd(1, ordering: .relaxed).newValue
                    tally.first = number
                    tally.second = number
                    tally.lock.unlock()
                }
            }
        }
        XCTAssertEqual(done.wait(timeout: .now() + 30), .success)
        let final = tally.snapshot.0
        XCTAssertEqual(final, threads * perThread)
        // Set after the changes: the element carrying it may have arrived already.
        target.value = final
        if received.value.last?.0 == final { last.fulfill() }
        wait(for: [last], timeout: 30)
        subscription.dispose()

        let pairs = received.value
        XCTAssertTrue(pairs.allSatisfy { $0.0 == $0.1 }, "an element read a transaction half done")
        XCTAssertTrue(zip(pairs, pairs.dropFirst()).allSatisfy { $0.0 < $1.0 }, "an element came out of order")
        XCTAssertEqual(pairs.last?.0, final)
    }

    func testAChangeOnAnotherThreadWhileTheTrackingIsArmedIsNotMissed() {
        let tally = Tally()
        let changer = DispatchSemaphore(value: 0)
        let seenOne = expectation(description: "the change made while the first read was arming")
        var first = true
        let subscription = Observable.observations(
            scheduler: SerialDispatchQueueScheduler(internalSerialQueueName: "reads"), lock: tally.lock
        ) { () -> Int in
            let value = tally.first
            if first {
                first = false
                // Another thread changes the model after this read and before the tracking is
                // armed. Holding the lock, the bridge makes it wait until the tracking is armed;
                // the read waits for it a bounded time, in vain.
                DispatchQueue.global().async {
                    tally.transact(1)
                    changer.signal()
                }
                _ = changer.wait(timeout: .now() + .milliseconds(200))
            }
            return value
        }
        .subscribe(onNext: { value in
            if value == 1 { seenOne.fulfill() }
        })
        wait(for: [seenOne], timeout: 10)
        subscription.dispose()
    }

    func testSubscribingAndDisposingWhileAnotherThreadChangesTheModel() {
        let tally = Tally()
        let stop = Atomic<Bool>(false)
        let changing = DispatchGroup()
        DispatchQueue.global().async(group: changing) {
            var value = 0
            while !stop.load(ordering: .relaxed) {
                value += 1
                tally.transact(value)
            }
        }
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .userInitiated)
        let delivered = Atomic<Int>(0)
        for _ in 0..<200 {
            let subscription = tally.rx.observe(scheduler: scheduler, lock: tally.lock) { $0.first }
                .subscribe(onNext: { _ in delivered.wrappingAdd(1, ordering: .relaxed) })
            subscription.dispose()
        }
        stop.store(true, ordering: .relaxed)
        XCTAssertEqual(changing.wait(timeout: .now() + 30), .success)
        // Whatever was delivered, nothing is left alive: the leak check of `RxTestCase` waits
        // for scheduled reads cancelled on other threads to go.
        _ = delivered.load(ordering: .relaxed)
    }
}
