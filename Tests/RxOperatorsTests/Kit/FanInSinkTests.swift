import Dispatch
import Foundation
import RxDisposables
import RxTestHelpers
import RxTestSupport
import XCTest

@testable import RxCore
@testable import RxOperators

/// ``FanInSink`` through its own API: `serializeNext`, `serializeTerminal`, the tags and
/// `dispose`, with no operator around it.
final class FanInSinkTests: RxTestCase {
    private func makeSink<Element>(_ observer: NestingRecorder<Element>) -> FanInSink<NestingRecorder<Element>> {
        FanInSink(observer: observer, cancel: BooleanDisposable())
    }

    func testDeliversEachElementAtOnceWhenNobodyDelivers() {
        let recorder = NestingRecorder<Int>()
        let sink = makeSink(recorder)

        sink.serializeNext(1)
        XCTAssertEqual(recorder.events, [.next(1)])
        sink.serializeNext(2)
        sink.serializeTerminal(.completed)

        XCTAssertEqual(recorder.events, [.next(1), .next(2), .completed])
        XCTAssertTrue(sink.isDisposed, "the terminal event disposes the sink")
    }

    func testSendsFromInsideADeliveryWaitForItAndKeepTheirOrder() {
        let recorder = NestingRecorder<Int>()
        let sink = makeSink(recorder)
        recorder.onEvent = { event in
            if event.element == 1 {
                sink.serializeNext(2)
                sink.serializeNext(3)
                XCTAssertEqual(recorder.elements, [1], "a re-entrant element waits for the delivery under way")
            }
        }

        // Delivered after the delivery under way instead of nested in it, which the debug build reports.
        let reports = SynchronizationReports.collect {
            sink.serializeNext(1)
        }
        XCTAssertEqual(reports.count, 1, "the re-entrant send is reported once: \(reports)")

        XCTAssertEqual(recorder.events, [.next(1), .next(2), .next(3)])
        XCTAssertEqual(recorder.deepestNesting, 1, "no delivery nests inside another")
        recorder.stop()
        sink.dispose()
    }

    func testDeliversNothingAfterTheTerminalEvent() {
        let recorder = NestingRecorder<Int>()
        let sink = makeSink(recorder)

        sink.serializeNext(1)
        sink.serializeTerminal(.error(TestError.boom))
        sink.serializeNext(2)
        sink.serializeTerminal(.completed)

        XCTAssertEqual(recorder.events, [.next(1), .error(TestError.boom)])
    }

    func testAReentrantTerminalEventComesAfterTheElementsQueuedBeforeItAndEndsTheQueue() {
        let recorder = NestingRecorder<Int>()
        let sink = makeSink(recorder)
        recorder.onEvent = { event in
            if event.element == 1 {
                sink.serializeNext(2)
                sink.serializeTerminal(.completed)
                sink.serializeNext(3)
                sink.serializeTerminal(.error(TestError.boom))
            }
        }

        // Delivered after the delivery under way instead of nested in it, which the debug build reports.
        let reports = SynchronizationReports.collect {
            sink.serializeNext(1)
        }
        XCTAssertEqual(reports.count, 1, "the re-entrant send is reported once: \(reports)")

        XCTAssertEqual(recorder.events, [.next(1), .next(2), .completed])
        XCTAssertEqual(recorder.deepestNesting, 1)
        recorder.stop()
    }

    func testAnElementTaggedBeforeTheLatestSwitchIsDropped() {
        let recorder = NestingRecorder<Int>()
        let sink = makeSink(recorder)

        let stale = sink.tag
        let latest = sink.advanceTag()
        sink.serializeNext(1, tag: stale)
        sink.serializeNext(2, tag: latest)

        XCTAssertNotEqual(stale, latest)
        XCTAssertEqual(recorder.events, [.next(2)])
        sink.dispose()
    }

    func testDisposingDuringADeliveryDropsWhatWaitsAndLetsGoOfIt() {
        let live = Counter()
        let recorder = NestingRecorder<LiveElement>()
        let sink = makeSink(recorder)
        recorder.onEvent = { event in
            if event.element?.value == 1 {
                sink.serializeNext(LiveElement(2, live: live))
                sink.dispose()
                sink.serializeNext(LiveElement(3, live: live))
            }
        }

        sink.serializeNext(LiveElement(1, live: live))

        XCTAssertEqual(recorder.elements.map(\.value), [1], "nothing queued is delivered once disposed")
        recorder.stop()
        // The delivered element is still recorded: only that one may be alive.
        XCTAssertEqual(live.value, 1, "the queued element was let go of")
    }

    func testSendersOnManyThreadsDeliverOneAtATimeEachInItsOwnOrder() {
        let probe = DeliveryProbe<Int>()
        let sink = FanInSink(observer: probe.rawObserver, cancel: BooleanDisposable())
        let threads = 4
        let perThread = 2_000
        let group = DispatchGroup()
        // The sink is what keeps the senders apart: sharing it is what the test checks.
        let shared = UncheckedSendable(sink)
        for thread in 0..<threads {
            group.enter()
            Thread {
                for index in 0..<perThread {
                    shared.value.serializeNext(thread * perThread + index)
                }
                group.leave()
            }.start()
        }
        XCTAssertEqual(group.wait(timeout: .now() + 20), .success, "senders did not finish: a hang")
        sink.serializeTerminal(.completed)

        XCTAssertEqual(probe.overlaps, 0, "deliveries overlapped")
        XCTAssertEqual(probe.terminalCount, 1)
        let elements = probe.elements
        XCTAssertEqual(elements.count, threads * perThread)
        for thread in 0..<threads {
            let own = elements.filter { $0 / perThread == thread }
            XCTAssertEqual(own, Array(thread * perThread..<(thread + 1) * perThread), "sender \(thread) out of order")
        }
    }
}
