import Dispatch
import Foundation
import RxDisposables
import RxTestHelpers
import RxTestSupport
import Synchronization
import XCTest

@testable import RxCore
@testable import RxOperators

/// ``SerializingSink`` through its own API: a minimal subclass whose one "source" counts what it
/// is sent (state the serializer guards, with no lock of its own) and decides a delivery per
/// element.
final class SerializingSinkTests: RxTestCase {
    /// Delivers each element it is sent, after counting it; `finish` decides completion.
    final class Relay<Observer: ObserverType>: SerializingSink<Observer, Observer.Element> {
        // Touched only holding the serializer, like any subclass's state.
        var received = 0
        var released = 0
        var kept: LiveElement?

        func send(_ element: Observer.Element) {
            serialized {
                guard !isTerminated else { return }
                received += 1
                if let delivery = claimOrQueue(.item(element)) {
                    deliverClaimed(delivery)
                }
            }
        }

        func finish() {
            serialized {
                guard !isTerminated else { return }
                if let delivery = claimOrQueue(terminate(.completed)) {
                    deliverClaimed(delivery)
                }
            }
        }

        override func deliver(_ item: Observer.Element) {
            forwardNext(item)
        }

        override func releaseRetainedState() {
            released += 1
            kept = nil
        }
    }

    func testDeliversWhatEachEventDecidesAtOnceWhenNobodyDelivers() {
        let recorder = NestingRecorder<Int>()
        let sink = Relay(observer: recorder, cancel: BooleanDisposable())

        sink.send(1)
        XCTAssertEqual(recorder.events, [.next(1)])
        sink.send(2)
        sink.finish()

        XCTAssertEqual(recorder.events, [.next(1), .next(2), .completed])
        XCTAssertTrue(sink.isDisposed)
    }

    func testDeliveriesDecidedInsideADeliveryRunAfterItInTheOrderDecided() {
        let recorder = NestingRecorder<Int>()
        let sink = Relay(observer: recorder, cancel: BooleanDisposable())
        recorder.onEvent = { event in
            if event.element == 1 {
                sink.send(2)
                sink.send(3)
                XCTAssertEqual(sink.received, 3, "a re-entrant event changes the state at once")
                XCTAssertEqual(recorder.elements, [1], "what it decides waits for the delivery under way")
            }
        }

        // Delivered after the delivery under way instead of nested in it, which the debug build reports.
        let reports = SynchronizationReports.collect {
            sink.send(1)
        }
        XCTAssertEqual(reports.count, 1, "the re-entrant send is reported once: \(reports)")

        XCTAssertEqual(recorder.events, [.next(1), .next(2), .next(3)])
        XCTAssertEqual(recorder.deepestNesting, 1, "no delivery nests inside another")
        recorder.stop()
        sink.dispose()
    }

    func testIgnoresEveryEventAfterATerminalDeliveryIsDecided() {
        let recorder = NestingRecorder<Int>()
        let sink = Relay(observer: recorder, cancel: BooleanDisposable())
        recorder.onEvent = { event in
            if event.element == 1 {
                sink.send(2)
                sink.finish()
                sink.send(3)
            }
        }

        // Delivered after the delivery under way instead of nested in it, which the debug build reports.
        let reports = SynchronizationReports.collect {
            sink.send(1)
        }
        XCTAssertEqual(reports.count, 1, "the re-entrant send is reported once: \(reports)")
        sink.send(4)

        XCTAssertEqual(recorder.events, [.next(1), .next(2), .completed])
        XCTAssertEqual(sink.received, 2)
        recorder.stop()
    }

    func testOnceDisposedRunsNoEventAndLetsGoOfItsStateOnce() {
        let live = Counter()
        let recorder = NestingRecorder<Int>()
        let sink = Relay(observer: recorder, cancel: BooleanDisposable())
        sink.kept = LiveElement(0, live: live)

        sink.dispose()
        sink.send(1)
        sink.dispose()

        XCTAssertEqual(sink.received, 0, "an event after disposal does not run")
        XCTAssertEqual(recorder.events, [])
        XCTAssertEqual(sink.released, 1)
        XCTAssertEqual(live.value, 0)
    }

    func testDisposedDuringADeliveryLetsGoOfItsStateOnlyOnceTheDeliveryReturns() {
        let recorder = NestingRecorder<Int>()
        let sink = Relay(observer: recorder, cancel: BooleanDisposable())
        var releasedDuringDelivery = -1
        recorder.onEvent = { event in
            if event.element == 1 {
                sink.send(2)
                sink.dispose()
                releasedDuringDelivery = sink.released
            }
        }

        sink.send(1)

        XCTAssertEqual(releasedDuringDelivery, 0, "the state is let go of beside a delivery")
        XCTAssertEqual(sink.released, 1)
        XCTAssertEqual(recorder.events, [.next(1)], "what was queued is dropped once disposed")
        recorder.stop()
    }

    func testASenderThatWaitedWhileTheSinkWasDisposedRunsNothing() {
        let recorder = NestingRecorder<Int>()
        let sink = Relay(observer: recorder, cancel: BooleanDisposable())
        let waiter = DispatchGroup()
        // The other sender shares the sink: that it waits for the delivery is the point.
        let shared = UncheckedSendable(sink)
        var waiterWasParked = false
        recorder.onEvent = { event in
            guard event.element == 1 else { return }
            waiter.enter()
            Thread {
                shared.value.send(2)
                waiter.leave()
            }.start()
            // Until the other thread has taken a ticket to wait for this delivery.
            func isWaiting() -> Bool {
                sink.serializer.storage.ticketsIssued.load(ordering: .relaxed)
                    != sink.serializer.storage.ticketsGranted.load(ordering: .relaxed)
            }
            let deadline = Date() + 10
            while !isWaiting(), Date() < deadline {
                usleep(100)
            }
            waiterWasParked = isWaiting()
            sink.dispose()
        }

        sink.send(1)

        XCTAssertEqual(waiter.wait(timeout: .now() + 10), .success, "the waiting sender did not return: a hang")
        XCTAssertTrue(waiterWasParked, "the other sender never waited for the delivery")
        XCTAssertEqual(sink.received, 1, "the waiting sender's event ran after the sink was disposed")
        XCTAssertEqual(sink.released, 1)
        XCTAssertEqual(recorder.events, [.next(1)])
        recorder.stop()
    }

    func testSourcesOnManyThreadsChangeTheStateOneAtATimeAndDeliverInOrder() {
        let probe = DeliveryProbe<Int>()
        let sink = Relay(observer: probe.rawObserver, cancel: BooleanDisposable())
        let threads = 4
        let perThread = 2_000
        let group = DispatchGroup()
        // The sink is what keeps the senders apart: sharing it is what the test checks.
        let shared = UncheckedSendable(sink)
        for thread in 0..<threads {
            group.enter()
            Thread {
                for index in 0..<perThread {
                    shared.value.send(thread * perThread + index)
                }
                group.leave()
            }.start()
        }
        XCTAssertEqual(group.wait(timeout: .now() + 20), .success, "senders did not finish: a hang")
        sink.finish()

        XCTAssertEqual(sink.received, threads * perThread, "a count changed without a lock lost updates")
        XCTAssertEqual(probe.overlaps, 0)
        XCTAssertEqual(probe.terminalCount, 1)
        let elements = probe.elements
        XCTAssertEqual(elements.count, threads * perThread)
        for thread in 0..<threads {
            let own = elements.filter { $0 / perThread == thread }
            XCTAssertEqual(own, Array(thread * perThread..<(thread + 1) * perThread), "sender \(thread) out of order")
        }
    }
}
