#if DEBUG
    import Dispatch
    import RxCore
    import RxDisposables
    import RxTestSupport
    import Synchronization
    import XCTest

    /// Lets a test's observer reach the sink that delivers to it.
    private final class SinkReference: @unchecked Sendable {
        var sink: TestSink<AnonymousObserver<Int>>?
    }

    final class SynchronizationTrackerTests: RxTestCase {
        private var savedHandler: Hooks.SynchronizationErrorHandler?
        private let reports = CallLog()

        override func setUp() {
            super.setUp()
            savedHandler = Hooks.synchronizationErrorHandler
            let reports = reports
            Hooks.synchronizationErrorHandler = { reports.append($0) }
        }

        override func tearDown() {
            if let savedHandler {
                Hooks.synchronizationErrorHandler = savedHandler
            }
            super.tearDown()
        }

        func testSerialDeliveryIsNotReported() {
            let sink = TestSink(observer: AnonymousObserver<Int> { _ in }, cancel: SinkDisposer())
            sink.forwardOn(.next(1))
            sink.forwardOn(.next(2))
            sink.forwardOn(.completed)

            XCTAssertEqual(reports.entries, [])
        }

        func testSerialDeliveryFromDifferentThreadsIsNotReported() {
            let received = CallLog()
            let sink = UncheckedSendable(
                TestSink(observer: AnonymousObserver<Int> { received.append($0.description) }, cancel: SinkDisposer()))
            sink.value.forwardOn(.next(1))
            let delivered = expectation(description: "delivered on another thread")
            DispatchQueue.global().async {
                sink.value.forwardOn(.next(2))
                delivered.fulfill()
            }
            wait(for: [delivered], timeout: 5)
            sink.value.forwardOn(.next(3))

            XCTAssertEqual(received.entries, ["next(1)", "next(2)", "next(3)"])
            XCTAssertEqual(reports.entries, [])
        }

        func testReentrantDeliveryIsReported() {
            let received = CallLog()
            let reference = SinkReference()
            let observer = AnonymousObserver<Int> { event in
                received.append(event.description)
                if event.element == 1 {
                    reference.sink?.forwardOn(.next(2))
                }
            }
            reference.sink = TestSink(observer: observer, cancel: SinkDisposer())

            reference.sink?.forwardOn(.next(1))
            reference.sink?.forwardOn(.next(3))
            reference.sink = nil

            XCTAssertEqual(
                received.entries, ["next(1)", "next(2)", "next(3)"], "the tracker reports, it does not drop")
            XCTAssertEqual(
                reports.entries,
                [
                    """
                    Rx grammar violation: a `next` event reached TestSink<AnonymousObserver<Int>> (the sink of \
                    an Observable<Int>) while it was still delivering the previous event on the same thread \
                    (reentrancy): an observer sent an event back into its own source. Break the cycle, or send \
                    the new event later through a scheduler (observe(on:) a serial scheduler). Reported once \
                    per subscription.
                    """
                ])
        }

        func testRepeatedReentrancyIsReportedOnce() {
            let received = CallLog()
            let reference = SinkReference()
            let observer = AnonymousObserver<Int> { event in
                received.append(event.description)
                guard let element = event.element else { return }
                // Each element sends the next one back while it is still being delivered.
                reference.sink?.forwardOn(element < 5 ? .next(element + 1) : .completed)
            }
            reference.sink = TestSink(observer: observer, cancel: SinkDisposer())

            reference.sink?.forwardOn(.next(1))
            reference.sink = nil

            XCTAssertEqual(received.entries, ["next(1)", "next(2)", "next(3)", "next(4)", "next(5)", "completed"])
            XCTAssertEqual(reports.entries.count, 1, "\(reports.entries)")
            XCTAssertTrue(
                reports.entries.first?.hasPrefix("Rx grammar violation: a `next` event reached TestSink") == true,
                "\(reports.entries)")
        }

        func testConcurrentDeliveryIsReported() {
            let firstInside = DispatchSemaphore(value: 0)
            let secondDone = DispatchSemaphore(value: 0)
            let deliveries = Atomic<Int>(0)
            let observer = AnonymousObserver<Int> { _ in
                // The first delivery stays inside until the second, from another thread, has come and gone.
                if deliveries.add(1, ordering: .acquiringAndReleasing).newValue == 1 {
                    firstInside.signal()
                    _ = secondDone.wait(timeout: .now() + 5)
                }
            }
            let sink = UncheckedSendable(TestSink(observer: observer, cancel: SinkDisposer()))
            let firstFinished = expectation(description: "first delivery finished")
            DispatchQueue.global().async {
                sink.value.forwardOn(.next(1))
                firstFinished.fulfill()
            }

            XCTAssertEqual(firstInside.wait(timeout: .now() + 5), .success)
            sink.value.forwardOn(.next(2))
            secondDone.signal()
            wait(for: [firstFinished], timeout: 5)

            XCTAssertEqual(deliveries.load(ordering: .acquiring), 2)
            XCTAssertEqual(
                reports.entries,
                [
                    """
                    Rx grammar violation: a `next` event reached TestSink<AnonymousObserver<Int>> (the sink of \
                    an Observable<Int>) from a second thread while another thread was still delivering to it. \
                    An observable must send its events one at a time: make its producer serialize its calls to \
                    the observer (a lock around them, or one serial queue that makes them all). Reported once \
                    per subscription.
                    """
                ])
        }

        func testManyOverlappingDeliveriesAreReportedOncePerSink() {
            let firstInside = DispatchSemaphore(value: 0)
            let othersDone = DispatchSemaphore(value: 0)
            let deliveries = Atomic<Int>(0)
            let observer = AnonymousObserver<Int> { _ in
                // The first delivery stays inside while the other threads send all of theirs.
                if deliveries.add(1, ordering: .acquiringAndReleasing).newValue == 1 {
                    firstInside.signal()
                    _ = othersDone.wait(timeout: .now() + 5)
                }
            }
            let sink = UncheckedSendable(TestSink(observer: observer, cancel: SinkDisposer()))
            let firstFinished = expectation(description: "first delivery finished")
            DispatchQueue.global().async {
                sink.value.forwardOn(.next(0))
                firstFinished.fulfill()
            }

            XCTAssertEqual(firstInside.wait(timeout: .now() + 5), .success)
            DispatchQueue.concurrentPerform(iterations: 4) { thread in
                for index in 1...100 {
                    sink.value.forwardOn(.next(thread * 1_000 + index))
                }
            }
            othersDone.signal()
            wait(for: [firstFinished], timeout: 5)
            XCTAssertEqual(deliveries.load(ordering: .acquiring), 401, "every event is still delivered")
            XCTAssertEqual(reports.entries.count, 1, "one report for 400 overlapping deliveries: \(reports.entries)")
            XCTAssertTrue(
                reports.entries.first?.hasPrefix(
                    "Rx grammar violation: a `next` event reached TestSink<AnonymousObserver<Int>> (the sink of"
                        + " an Observable<Int>) from a second thread") == true, "\(reports.entries)")
        }
    }
#endif
