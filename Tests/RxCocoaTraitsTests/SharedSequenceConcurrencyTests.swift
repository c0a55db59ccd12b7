import RxCocoaTraits
import RxCore
import RxOperators
import RxSchedulers
import RxTestSupport
import XCTest

/// `values` of a shared sequence, read on the main actor.
final class SharedSequenceConcurrencyTests: RxTestCase {
    @MainActor
    func testValuesAwaitsEachElementAndFinishesWithTheSequence() async {
        var received: [Int] = []
        for await value in Driver.of(1, 2, 3).values {
            received.append(value)
        }
        XCTAssertEqual(received, [1, 2, 3])
    }

    @MainActor
    func testCancellingTheIteratingTaskEndsTheIterationAndTheSubscription() async {
        let disposed = expectation(description: "the subscription was disposed")
        // Cancellation disposes from wherever the task is cancelled: the closure says it may run anywhere.
        let signal = Signal<Int>.never().do(onDispose: { @Sendable in disposed.fulfill() }, isolation: nil)
        let task = Task { @MainActor in
            var count = 0
            for await _ in signal.values { count += 1 }
            return count
        }
        task.cancel()
        let count = await task.value
        await fulfillment(of: [disposed], timeout: 10)
        XCTAssertEqual(count, 0)
    }
}
