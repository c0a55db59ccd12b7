import Dispatch
import RxCore
import RxOperators
import Synchronization

/// `async_values_per_element`: the elements of `from` an array read through `values` with
/// `for try await`, in one task, per element. OpenCombine's side reads its `Array.publisher`
/// through its `values`; the floor is an `AsyncThrowingStream` alone doing the same hand-off.
///
/// `from` runs on the current-thread scheduler, so reading `values` sends every element into
/// the stream's unbounded buffer before the loop takes the first out: one `yield` and one
/// `next()` per element, each under the stream's lock. Each side runs in a detached task that the
/// calling thread waits for, as the shared harness does.
package enum AsyncValues {
    static func rx(elements: Int) -> Int {
        waitForTask { try await rxLoop(elements: elements) }
    }

    /// The `rx` side's loop in a task whose jobs all run on the calling thread (a task executor
    /// it drains), so no thread of the global pool takes part: the same work per element, with
    /// counts that do not depend on how the pool's threads wake. The performance gate counts
    /// this side.
    static func rxOnCallingThread(elements: Int) -> Int {
        CallingThreadExecutor.run { try await rxLoop(elements: elements) }
    }

    private static func rxLoop(elements: Int) async throws -> Int {
        var sum = 0
        for try await element in Observable.from(Array(0..<elements)).values {
            sum &+= element
        }
        return sum
    }

    /// The floor: the stream `values` makes (`AsyncThrowingStream<Int, any Error>`, unbounded
    /// buffer, `makeStream()`), with the producer's loop yielding the same array's elements
    /// into its continuation and finishing it, then the same `for try await` loop. No observer,
    /// no subscription, no `onTermination`: what the stream costs on its own.
    static func floor(elements: Int) -> Int {
        waitForTask {
            let (stream, continuation) = AsyncThrowingStream<Int, any Error>.makeStream()
            for element in Array(0..<elements) {
                continuation.yield(element)
            }
            continuation.finish()
            var sum = 0
            for try await element in stream {
                sum &+= element
            }
            return sum
        }
    }

    static func expected(elements: Int) -> Int {
        elements * (elements - 1) / 2
    }

    /// Runs `body` in a detached task and waits for its result on the calling thread; a thrown
    /// error makes the checksum -1.
    package static func waitForTask(_ body: @escaping @Sendable () async throws -> Int) -> Int {
        let done = DispatchSemaphore(value: 0)
        let result = TaskResult()
        Task.detached {
            let sum = (try? await body()) ?? -1
            result.sum.store(sum, ordering: .releasing)
            done.signal()
        }
        done.wait()
        return result.sum.load(ordering: .acquiring)
    }
}

/// Where a detached task leaves its checksum for the waiting thread.
private final class TaskResult: Sendable {
    let sum = Atomic<Int>(0)
}
