import Dispatch
import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import Synchronization
import XCTest

/// The bridges with threads meeting; run under `--sanitize=thread`.
final class ConcurrencyBridgeStressTests: RxTestCase {
    func testValuesIteratedWhileASchedulerSendsAndCancelledMidwayEndsCleanly() async throws {
        let live = Counter()
        for round in 0..<30 {
            let disposals = Counter()
            let scheduler = SerialDispatchQueueScheduler(qos: .default)
            let source = Observable<Int>.create { observer in
                // Sends on the scheduler, one element per action, until disposed.
                let stopped = Atomic<Bool>(false)
                let sending = UncheckedSendable(observer)
                let schedule = scheduler.scheduleRecursive(0) { value, recurse in
                    if stopped.load(ordering: .acquiring) { return }
                    sending.value.onNext(value)
                    recurse(value + 1)
                }
                return Disposables.create {
                    stopped.store(true, ordering: .releasing)
                    schedule.dispose()
                    disposals.increment()
                }
            }
            .map { LiveElement($0, live: live) }
            let halfway = 50 + round * 7
            let reached = expectation(description: "halfway")
            let stream = source.values
            let task = Task { () -> [Int] in
                var received: [Int] = []
                do {
                    for try await element in stream {
                        // The element was built on the scheduler's thread; the stream's hand-off
                        // orders that before this read, but on one path the runtime does not
                        // tell ThreadSanitizer so (`ThreadSanitizerHandOff`).
                        ThreadSanitizerHandOff.acquireWhatTheResumerReleased()
                        received.append(element.value)
                        if received.count == halfway { reached.fulfill() }
                    }
                    XCTFail("a sequence that never ends ended")
                } catch {
                    XCTAssertTrue(error is CancellationError, "\(error)")
                }
                return received
            }
            await fulfillment(of: [reached], timeout: 10)
            task.cancel()
            let received = await task.value
            XCTAssertGreaterThanOrEqual(received.count, halfway)
            XCTAssertEqual(received, Array(0..<received.count), "a gap-free prefix")
            XCTAssertEqual(disposals.value, 1)
        }
        let released = await eventually { live.value == 0 }
        XCTAssertTrue(released, "\(live.value) elements still alive")
    }

    func testObservablesOfAsyncSequencesDisposedFromAnotherThreadWhileTheyIterate() async {
        let live = Counter()
        for _ in 0..<30 {
            let received = Counter()
            let sequence = (0..<Int.max).async(live: live)
            let subscription = UncheckedSendable(
                sequence.asObservable().subscribe(onNext: { _ in received.increment() }))
            let ticking = await eventually { received.value > 20 }
            XCTAssertTrue(ticking)
            let disposed = expectation(description: "disposed from another thread")
            DispatchQueue.global().async {
                subscription.value.dispose()
                disposed.fulfill()
            }
            await fulfillment(of: [disposed], timeout: 10)
        }
        let stopped = await eventually { live.value == 0 }
        XCTAssertTrue(stopped, "\(live.value) iterations still running")
    }
}

/// A range as an asynchronous sequence that yields to other tasks between elements, counting its
/// live iterators.
private struct AsyncRange: AsyncSequence, Sendable {
    let range: Range<Int>
    let live: Counter

    struct AsyncIterator: AsyncIteratorProtocol {
        var remaining: Range<Int>.Iterator
        let token: Token

        mutating func next() async -> Int? {
            await Task.yield()
            if Task.isCancelled { return nil }
            return remaining.next()
        }
    }

    final class Token: Sendable {
        let live: Counter
        init(_ live: Counter) {
            self.live = live
            live.increment()
        }
        deinit { live.decrement() }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(remaining: range.makeIterator(), token: Token(live))
    }
}

extension Range<Int> {
    fileprivate func async(live: Counter) -> AsyncRange {
        AsyncRange(range: self, live: live)
    }
}
