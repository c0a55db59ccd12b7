import Dispatch
import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import Synchronization
import XCTest

/// Counts its live instances, as `LiveElement` does, for an iterator that must not outlive its task.
private final class LiveToken: Sendable {
    private let live: Counter

    init(_ live: Counter) {
        self.live = live
        live.increment()
    }

    deinit {
        live.decrement()
    }
}

/// The numbers from zero on, one per millisecond, until its task is cancelled (or `count` of
/// them, then the end, `error`, or with `hangs` a wait that only cancellation ends); each
/// iteration counts as live in `live` and records the priority of the task running it.
private struct Ticks: AsyncSequence, Sendable {
    let live: Counter
    var count = Int.max
    var error: TestError?
    var hangs = false
    var priorities: Locked<[TaskPriority]>?

    struct AsyncIterator: AsyncIteratorProtocol {
        let token: LiveToken
        let count: Int
        let error: TestError?
        let hangs: Bool
        var next = 0

        mutating func next() async throws -> Int? {
            if next == count {
                if hangs { try await Task.sleep(for: .seconds(3_600)) }
                if let error { throw error }
                return nil
            }
            try await Task.sleep(for: .milliseconds(1))
            defer { next += 1 }
            return next
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        priorities?.mutate { $0.append(Task.currentPriority) }
        return AsyncIterator(token: LiveToken(live), count: count, error: error, hangs: hangs)
    }
}

/// What one subscription received, filled from whichever thread the events come on.
private final class Recording: Sendable {
    let events = Locked<[String]>([])
    let ended: XCTestExpectation

    init(_ ended: XCTestExpectation) {
        self.ended = ended
    }

    func subscribe(_ source: Observable<Int>) -> any Disposable {
        source.subscribe(
            onNext: { value in self.events.mutate { $0.append("\(value)") } },
            onError: { error in
                self.events.mutate { $0.append("error \(error)") }
                self.ended.fulfill()
            },
            onCompleted: {
                self.events.mutate { $0.append("completed") }
                self.ended.fulfill()
            })
    }
}

final class AsyncSequenceAsObservableTests: RxTestCase {
    func testSendsEveryElementThenCompletes() async {
        let live = Counter()
        let recording = Recording(expectation(description: "completed"))
        _ = recording.subscribe(Ticks(live: live, count: 3).asObservable())
        await fulfillment(of: [recording.ended], timeout: 10)
        XCTAssertEqual(recording.events.value, ["0", "1", "2", "completed"])
        let released = await eventually { live.value == 0 }
        XCTAssertTrue(released)
    }

    func testAnErrorThrownByTheSequenceFailsTheObservable() async {
        let recording = Recording(expectation(description: "failed"))
        _ = recording.subscribe(Ticks(live: Counter(), count: 2, error: .boom).asObservable())
        await fulfillment(of: [recording.ended], timeout: 10)
        XCTAssertEqual(recording.events.value, ["0", "1", "error boom"])
    }

    func testACancellationErrorThrownByTheSequenceCompletesTheObservable() async {
        // As RxSwift: the sequence's own CancellationError is read as its end.
        let stream = AsyncThrowingStream<Int, any Error> { continuation in
            continuation.yield(1)
            continuation.finish(throwing: CancellationError())
        }
        let recording = Recording(expectation(description: "completed"))
        _ = recording.subscribe(stream.asObservable())
        await fulfillment(of: [recording.ended], timeout: 10)
        XCTAssertEqual(recording.events.value, ["1", "completed"])
    }

    func testEachSubscriptionIteratesFromTheStartInATaskOfItsOwnAtThePriorityAsked() async {
        let priorities = Locked<[TaskPriority]>([])
        let source = Ticks(live: Counter(), count: 2, priorities: priorities).asObservable(priority: .low)
        let first = Recording(expectation(description: "first completed"))
        let second = Recording(expectation(description: "second completed"))
        _ = first.subscribe(source)
        _ = second.subscribe(source)
        await fulfillment(of: [first.ended, second.ended], timeout: 10)
        XCTAssertEqual(first.events.value, ["0", "1", "completed"])
        XCTAssertEqual(second.events.value, ["0", "1", "completed"])
        XCTAssertEqual(priorities.value, [.low, .low])
    }

    func testDisposingTheSubscriptionCancelsTheTaskAndEndsTheIteration() async {
        let live = Counter()
        let recording = Recording(expectation(description: "never ends"))
        recording.ended.isInverted = true
        let subscription = recording.subscribe(Ticks(live: live, count: 2, hangs: true).asObservable())
        let ticking = await eventually { recording.events.value.count >= 2 }
        XCTAssertTrue(ticking)
        XCTAssertEqual(live.value, 1)
        subscription.dispose()
        let stopped = await eventually { live.value == 0 }
        XCTAssertTrue(stopped, "the task still iterates after dispose()")
        let count = recording.events.value.count
        await fulfillment(of: [recording.ended], timeout: 0.05)
        XCTAssertEqual(recording.events.value.count, count)
    }

    func testDisposingBeforeTheTaskStartsIteratesNothing() async {
        let live = Counter()
        let recording = Recording(expectation(description: "never ends"))
        recording.ended.isInverted = true
        recording.subscribe(Ticks(live: live).asObservable()).dispose()
        let stopped = await eventually { live.value == 0 }
        XCTAssertTrue(stopped)
        await fulfillment(of: [recording.ended], timeout: 0.05)
        XCTAssertEqual(recording.events.value, [])
    }

    func testBackToValuesTheElementsComeThrough() async throws {
        var received: [Int] = []
        for try await value in Ticks(live: Counter(), count: 4).asObservable().map({ $0 * 10 }).values {
            received.append(value)
        }
        XCTAssertEqual(received, [0, 10, 20, 30])
    }
}

// MARK: - Under contention

extension AsyncSequenceAsObservableTests {
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
