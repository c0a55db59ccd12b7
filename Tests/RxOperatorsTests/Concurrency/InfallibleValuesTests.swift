import RxCore
import RxDisposables
import RxOperators
import RxRelay
import RxTestHelpers
import RxTestSupport
import XCTest

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
