import Dispatch
import RxCore
import RxDisposables
import RxOperators
import RxRelay
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import Synchronization
import Testing
import XCTest

/// Waits, a millisecond at a time and for at most ten seconds, until `condition` holds.
func eventually(_ condition: @Sendable () -> Bool) async -> Bool {
    for _ in 0..<10_000 {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return condition()
}

final class ValuesTests: RxTestCase {
    func testIteratesTheElementsAndEndsAtCompletion() async throws {
        var received: [Int] = []
        for try await value in Observable.of(1, 2, 3).values {
            received.append(value)
        }
        XCTAssertEqual(received, [1, 2, 3])
    }

    func testThrowsTheSequencesErrorAfterItsElements() async {
        var received: [Int] = []
        do {
            for try await value in Observable.of(1, 2).concat(Observable<Int>.error(TestError.boom)).values {
                received.append(value)
            }
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error as? TestError, .boom)
        }
        XCTAssertEqual(received, [1, 2])
    }

    func testElementsSentOnAnotherSchedulerAllArriveInOrder() async throws {
        let scheduler = SerialDispatchQueueScheduler(qos: .default)
        var received: [Int] = []
        for try await value in Observable.from(Array(0..<1_000), scheduler: scheduler).values {
            received.append(value)
        }
        XCTAssertEqual(received, Array(0..<1_000))
    }

    func testReadingValuesSubscribesAtOnceAndKeepsWhatArrivesBeforeTheIteration() async throws {
        // As RxSwift: the stream subscribes when it is made, not when it is first awaited.
        let subject = PublishSubject<Int>()
        let stream = subject.values
        XCTAssertTrue(subject.hasObservers)
        subject.onNext(1)
        subject.onNext(2)
        subject.onCompleted()
        var received: [Int] = []
        for try await value in stream {
            received.append(value)
        }
        XCTAssertEqual(received, [1, 2])
    }

    func testCancellingTheIteratingTaskThrowsCancellationErrorAndDisposesTheSubscription() async {
        let subject = PublishSubject<Int>()
        let first = expectation(description: "first element")
        let stream = subject.values
        let received = Locked<[Int]>([])
        let task = Task {
            for try await value in stream {
                received.mutate { $0.append(value) }
                if value == 1 { first.fulfill() }
            }
        }
        subject.onNext(1)
        await fulfillment(of: [first], timeout: 10)
        task.cancel()
        let result = await task.result

        XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
        XCTAssertEqual(received.value, [1])
        XCTAssertFalse(subject.hasObservers)
    }

    // RxSwift 6.10's `testThrowsCancellationErrorWithoutEvents`, made deterministic: the task is
    // cancelled before it iterates.
    func testANeverEndingSequenceIteratedInACancelledTaskThrowsCancellationError() async {
        let task = Task { () -> Bool in
            withUnsafeCurrentTask { $0?.cancel() }
            for try await _ in Observable<Void>.never().values {}
            return Task.isCancelled
        }

        let result = await task.result

        XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
    }

    func testATaskCancelledBeforeItAwaitsThrowsCancellationErrorAndDisposes() async {
        let subject = PublishSubject<Int>()
        let stream = subject.values
        let task = Task { () -> Int in
            withUnsafeCurrentTask { $0?.cancel() }
            var count = 0
            for try await _ in stream { count += 1 }
            return count
        }

        let result = await task.result

        XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
        XCTAssertFalse(subject.hasObservers)
    }

    func testWhatArrivedBeforeTheCancellationIsHandedOutThenCancellationErrorIsThrown() async {
        let subject = PublishSubject<Int>()
        let stream = subject.values
        subject.onNext(1)
        subject.onNext(2)
        let received = Locked<[Int]>([])
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            for try await value in stream {
                received.mutate { $0.append(value) }
            }
        }

        let result = await task.result

        XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
        XCTAssertEqual(received.value, [1, 2], "what had arrived, in order")
        XCTAssertFalse(subject.hasObservers)
    }

    // RxSwift 6.10's `testNotThrowingCancellation`, made deterministic: the sequence has ended
    // (elements and completion arrive at subscription) before the task is cancelled.
    func testASequenceThatEndedBeforeTheCancellationEndsAsItDid() async throws {
        let completed = Task { () -> [Int] in
            let stream = Observable.from(1...10).values
            withUnsafeCurrentTask { $0?.cancel() }
            var received: [Int] = []
            for try await value in stream { received.append(value) }
            return received
        }
        let failed = Task { () -> [Int] in
            let stream = Observable.of(1, 2).concat(Observable<Int>.error(TestError.boom)).values
            withUnsafeCurrentTask { $0?.cancel() }
            var received: [Int] = []
            do {
                for try await value in stream { received.append(value) }
            } catch {
                XCTAssertEqual(error as? TestError, .boom)
            }
            return received
        }

        let elements = try await completed.value
        let beforeTheError = await failed.value

        XCTAssertEqual(elements, Array(1...10))
        XCTAssertEqual(beforeTheError, [1, 2])
    }

    func testAnIterationAlreadyThrownForCancellationEndsThere() async throws {
        let task = Task { () -> Int? in
            withUnsafeCurrentTask { $0?.cancel() }
            var iterator = Observable<Int>.never().values.makeAsyncIterator()
            do {
                _ = try await iterator.next()
                XCTFail("expected CancellationError")
            } catch {
                XCTAssertTrue(error is CancellationError, "\(error)")
            }
            return try await iterator.next()
        }

        let afterTheError = try await task.value

        XCTAssertNil(afterTheError)
    }

    func testElementsAreReleasedAsTheyAreHandedOut() async throws {
        let live = Counter()
        let subject = PublishSubject<LiveElement>()
        let stream = subject.values
        for value in 0..<3 { subject.onNext(LiveElement(value, live: live)) }
        XCTAssertEqual(live.value, 3)
        var iterator = stream.makeAsyncIterator()
        let first = try await iterator.next()?.value
        XCTAssertEqual(first, 0)
        XCTAssertEqual(live.value, 2)
        subject.onCompleted()
        while try await iterator.next() != nil {}
        XCTAssertEqual(live.value, 0)
    }

    func testAStreamDroppedWithoutCancellingDisposesItsSubscriptionAndReleasesWhatItQueued() async throws {
        let live = Counter()
        let subject = PublishSubject<LiveElement>()
        var stream: AsyncThrowingStream<LiveElement, any Error>? = subject.values
        for value in 0..<3 { subject.onNext(LiveElement(value, live: live)) }
        XCTAssertTrue(subject.hasObservers)
        stream = nil
        XCTAssertNil(stream)
        XCTAssertFalse(subject.hasObservers)
        XCTAssertEqual(live.value, 0)
    }

    func testAStreamDroppedMidwayThroughItsIterationDisposesItsSubscription() async throws {
        let subject = PublishSubject<Int>()
        var iterator: AsyncThrowingStream<Int, any Error>.AsyncIterator? = subject.values.makeAsyncIterator()
        subject.onNext(1)
        subject.onNext(2)
        let first = try await iterator?.next()
        XCTAssertEqual(first, 1)
        XCTAssertTrue(subject.hasObservers)
        iterator = nil
        XCTAssertFalse(subject.hasObservers)
    }

    func testQueuedElementsWhoseReleaseSendsIntoTheSourceAreReleasedAfterTheLock() async {
        // Rule 2: a release under the lock would re-enter it and stop the program.
        let live = Counter()
        let subject = PublishSubject<LiveElement>()
        // Dropped without being iterated: what it queued is released, each release sending into
        // the subject, outside the lock.
        var stream: AsyncThrowingStream<LiveElement, any Error>? = subject.values
        for value in 0..<3 {
            subject.onNext(LiveElement(value, live: live, onRelease: { subject.onNext(LiveElement(99, live: live)) }))
        }
        stream = nil
        XCTAssertNil(stream)
        let released = await eventually { live.value == 0 }
        XCTAssertTrue(released)
        XCTAssertFalse(subject.hasObservers)
    }

    func testNothingSentAfterCancellationIsKept() async {
        // Rule 3: a source that ignores disposal keeps sending.
        let live = Counter()
        let source = DisposalIgnoringObservable<LiveElement>()
        let stream = source.values
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            for try await _ in stream {}
        }
        _ = await task.result
        XCTAssertEqual(source.disposals.value, 1)
        for value in 0..<5_000 { source.observer?.onNext(LiveElement(value, live: live)) }
        XCTAssertEqual(live.value, 0)
        source.forget()
    }
}

// MARK: - Programmer errors

/// Misuse of the `values` stream that stops the program, run in a child process.
@Suite(.leakChecked) struct ValuesProgrammerErrorTests {
    @Test func twoTasksAwaitingTheSameStreamAtOnceStop() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let subject = PublishSubject<Int>()
            let stream = subject.values
            let first = Task { for try await _ in stream {} }
            let second = Task { for try await _ in stream {} }
            _ = await (first.result, second.result)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        // The stream is an `AsyncThrowingStream` made with a continuation, as RxSwift's is: the
        // standard library stops the second task, with its own message.
        #expect(message.contains("attempt to await next() on more than one task"))
    }
}

// MARK: - Infallible's values

/// `values` of an `Infallible`: an `AsyncStream`, ended by completion or cancellation.
final class InfallibleValuesTests: RxTestCase {
    func testIteratesTheElementsAndEndsAtCompletion() async {
        var received: [Int] = []
        for await value in Infallible.of(1, 2, 3).values {
            received.append(value)
        }
        XCTAssertEqual(received, [1, 2, 3])
    }

    func testElementsOfARelayArriveAsTheyAreSent() async {
        let relay = PublishRelay<Int>()
        let stream = relay.asInfallible().values
        relay.accept(1)
        relay.accept(2)
        var iterator = stream.makeAsyncIterator()
        let first = await iterator.next()
        let second = await iterator.next()
        XCTAssertEqual([first, second], [1, 2])
    }

    func testCancellingTheIteratingTaskEndsTheStreamAndDisposesTheSubscription() async {
        let disposed = Counter()
        let subscribed = Counter()
        let never = Infallible<Int>.create { _ in
            subscribed.increment()
            return Disposables.create { disposed.increment() }
        }
        let task = Task {
            var count = 0
            for await _ in never.values { count += 1 }
            return count
        }
        let didSubscribe = await eventually { subscribed.value == 1 }
        XCTAssertTrue(didSubscribe)

        task.cancel()
        let count = await task.value

        XCTAssertEqual(count, 0)
        let didDispose = await eventually { disposed.value == 1 }
        XCTAssertTrue(didDispose, "the subscription is disposed when the iterating task is cancelled")
    }

    func testWhatArrivedBeforeTheCancellationIsHandedOutThenTheStreamEnds() async {
        let relay = PublishRelay<Int>()
        let stream = relay.asInfallible().values
        relay.accept(1)
        relay.accept(2)
        let task = Task { () -> [Int] in
            withUnsafeCurrentTask { $0?.cancel() }
            var received: [Int] = []
            for await value in stream { received.append(value) }
            return received
        }

        let received = await task.value

        XCTAssertEqual(received, [1, 2])
    }

    func testANeverEndingSequenceIteratedInACancelledTaskEndsAtOnce() async {
        let task = Task { () -> Int in
            withUnsafeCurrentTask { $0?.cancel() }
            var count = 0
            for await _ in Infallible<Int>.never().values { count += 1 }
            return count
        }

        let count = await task.value

        XCTAssertEqual(count, 0)
    }
}

// MARK: - Under contention

/// `values` with threads meeting; run under `--sanitize=thread`.
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
}
