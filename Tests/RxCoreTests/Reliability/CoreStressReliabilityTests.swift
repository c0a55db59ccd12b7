import Dispatch
import Foundation
import RxCore
import RxDisposables
import RxTestHelpers
import RxTestSupport
import XCTest

/// The core's guarantees under threads: a sink drops whatever is sent after `dispose()`
/// returned, a custom source's racing terminal events end it once, each thread subscribes on
/// its own trampoline, and a subscription disposed from many threads at once releases once.
final class CoreStressReliabilityTests: RxTestCase {
    func testASinkDropsEverythingSentAfterDisposeReturned() {
        for round in 0..<40 {
            let received = CallLog()
            let releases = CallLog()
            let firstSentAfterDispose = CallLog()
            // BooleanDisposable is an acquire/release flag: an emitter that sees it set sends
            // after the disposal in the memory model, not just on the clock.
            let disposeReturned = BooleanDisposable()
            var captured: AnyObserver<Int>?
            let source = TestProducer<Int>(log: releases) { captured = $0 }
            let subscription = UncheckedSendable(
                source.subscribe(AnonymousObserver { received.append($0.element.map(String.init) ?? "\($0)") }))
            let emitter = UncheckedSendable(captured!)
            captured = nil

            let emitted = expectation(description: "emitter finished")
            let disposed = expectation(description: "disposed on another thread")
            Thread {
                var next = 0
                var stopAt = Int.max
                while next < stopAt, next < 1_000_000 {
                    if stopAt == .max, disposeReturned.isDisposed {
                        firstSentAfterDispose.append("\(next)")
                        stopAt = next + 100
                    }
                    emitter.value.onNext(next)
                    next += 1
                }
                emitted.fulfill()
            }.start()
            DispatchQueue.global().asyncAfter(deadline: .now() + .microseconds(round % 8 * 150)) {
                subscription.value.dispose()
                disposeReturned.dispose()
                disposed.fulfill()
            }
            wait(for: [emitted, disposed], timeout: 5)

            let values = received.entries.compactMap(Int.init)
            XCTAssertEqual(values, Array(0..<values.count), "round \(round)")
            XCTAssertEqual(values.count, received.entries.count, "only elements, round \(round)")
            if let first = firstSentAfterDispose.entries.first.flatMap(Int.init) {
                XCTAssertLessThanOrEqual(values.count, first, "an element sent after dispose arrived, round \(round)")
            }
            XCTAssertEqual(releases.entries, ["upstream released"], "round \(round)")
        }
    }

    func testACustomSourceRacingTerminalEventsFromManyThreadsEndsOnce() {
        for round in 0..<100 {
            let log = CallLog()
            let holder = UncheckedSendable(ObserverHolder())
            let source = HoldingSource(holder: holder.value, log: log)
            let subscription = source.asObservable().subscribe(
                onNext: { log.append("next \($0)") }, onError: { _ in log.append("terminal") },
                onCompleted: { log.append("terminal") }, onDisposed: { log.append("disposed") })
            // Sends that overlap are reported by the sink, once per subscription.
            let reports = SynchronizationReports.collect {
                DispatchQueue.concurrentPerform(iterations: 8) { thread in
                    let observer = holder.value.observer
                    observer?.onNext(thread)
                    if thread.isMultiple(of: 2) {
                        observer?.onCompleted()
                    } else {
                        observer?.onError(NumberedError(id: thread))
                    }
                    observer?.onNext(thread + 100)
                }
            }
            XCTAssertLessThanOrEqual(reports.count, 1, "round \(round): \(reports)")
            holder.value.observer = nil
            subscription.dispose()

            let entries = log.entries
            XCTAssertEqual(entries.filter { $0 == "terminal" }.count, 1, "round \(round): \(entries)")
            XCTAssertEqual(entries.filter { $0 == "disposed" }.count, 1, "round \(round)")
            XCTAssertEqual(entries.filter { $0 == "source disposed" }.count, 1, "round \(round)")
            let elements = entries.compactMap { $0.hasPrefix("next ") ? Int($0.dropFirst(5)) : nil }
            XCTAssertTrue(elements.allSatisfy { $0 < 8 }, "sent after the thread's own terminal, round \(round)")
        }
    }

    func testSubscribingOneProducerFromManyThreadsUsesEachThreadsOwnTrampoline() {
        let source = UncheckedSendable(
            TestProducer<Int> { observer in
                _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                    observer.onNext(2)
                    observer.onCompleted()
                    return Disposables.create()
                }
                observer.onNext(1)
            })
        let results = CallLog()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<100 {
                var seen: [String] = []
                let subscription = source.value.subscribe { seen.append($0.description) }
                seen.append("trampoline gone: \(CurrentThreadScheduler.isScheduleRequired)")
                subscription.dispose()
                results.append(seen.joined(separator: " "))
            }
        }
        XCTAssertEqual(results.entries.count, 800)
        XCTAssertEqual(Set(results.entries), ["next(1) next(2) completed trampoline gone: true"])
    }

    func testDisposingFromManyThreadsAtOnceReleasesUpstreamAndCallsOnDisposedOnce() {
        for round in 0..<200 {
            let log = CallLog()
            let source = TestProducer<Int>(log: log) { _ in }
            let subscription = UncheckedSendable(
                source.subscribe(onNext: { _ in }, onDisposed: { log.append("disposed") }))
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                subscription.value.dispose()
            }
            XCTAssertEqual(log.entries, ["upstream released", "disposed"], "round \(round)")
        }
    }

    func testASinkHoldingItsUpstreamWhileManyThreadsDisposeItDisposesTheUpstreamOnce() {
        // The path this package's operators take: the sink holds its upstream itself, and the
        // upstream may arrive before or after disposal, from another thread.
        for round in 0..<200 {
            let log = CallLog()
            let sink = UncheckedSendable(Sink(observer: AnyObserver<Int> { _ in }, cancel: SinkDisposer()))
            let upstream = UncheckedSendable(Disposables.create { log.append("upstream released") })
            DispatchQueue.concurrentPerform(iterations: 8) { thread in
                if thread == 3 {
                    _ = sink.value.holding(upstream.value)
                } else {
                    sink.value.dispose()
                }
            }
            XCTAssertTrue(sink.value.isDisposed, "round \(round)")
            XCTAssertEqual(log.entries, ["upstream released"], "round \(round)")
        }
    }
}
