import Dispatch
import GuideExamples
import RxCore
import RxOperators
import RxTestSupport
import Synchronization
import XCTest

final class CallbackWrappingTests: RxTestCase {
    func testTheAnswerArrivesFromTheServicesQueueThenCompletes() {
        let received = Mutex<[String]>([])
        let completed = expectation(description: "completed")
        let subscription = doubled(21, by: DoublingService())
            .subscribe(
                onNext: { value in received.withLock { $0.append("next(\(value))") } },
                onCompleted: {
                    received.withLock { $0.append("completed") }
                    completed.fulfill()
                })
        wait(for: [completed], timeout: 5)
        subscription.dispose()

        XCTAssertEqual(received.withLock { $0 }, ["next(42)", "completed"])
    }

    func testDisposingBeforeTheAnswerCancelsTheRequest() {
        // The service's queue waits until the subscription is disposed.
        let queue = DispatchQueue(label: "held")
        queue.suspend()
        let service = DoublingService(queue: queue)
        let received = Mutex<[Int]>([])
        let subscription = doubled(21, by: service)
            .subscribe(onNext: { value in received.withLock { $0.append(value) } })
        subscription.dispose()
        queue.resume()
        // The queue is serial: once a later call is answered, the first one has had its turn.
        let later = expectation(description: "a later call answered")
        _ = service.double(1) { _ in later.fulfill() }
        wait(for: [later], timeout: 5)

        XCTAssertEqual(received.withLock { $0 }, [])
        XCTAssertEqual(service.answersSent, 1, "only the later call was answered")
    }

    func testTheSingleSucceedsWithTheAnswerFromTheServicesQueue() {
        let received = Mutex<[String]>([])
        let done = expectation(description: "succeeded")
        let subscription = doubledOnce(21, by: DoublingService())
            .subscribe(
                onSuccess: { value in
                    received.withLock { $0.append("success(\(value))") }
                    done.fulfill()
                },
                onFailure: { error in received.withLock { $0.append("failure(\(error))") } })
        wait(for: [done], timeout: 5)
        subscription.dispose()

        XCTAssertEqual(received.withLock { $0 }, ["success(42)"])
    }
}
