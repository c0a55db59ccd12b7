import Dispatch
import Foundation
import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

/// `take(until:)`, `skip(until:)`, `sample(_:defaultValue:)` and `amb(_:)` with the source and
/// the other sequence sending from two threads at once: downstream is called one event at a time, the
/// source's elements arrive in order, there is at most one terminal event and nothing after it,
/// and every sink is gone at the end. Run under `swift test --sanitize=thread`.
final class UntilStressReliabilityTests: RxTestCase {
    private let rounds = 40
    private let count = 2_000

    /// A sequence whose single subscriber's observer is handed to the test, to send from any thread.
    private func capturedSource<Element>() -> (Observable<Element>, Locked<AnyObserver<Element>?>) {
        let kept = Locked<AnyObserver<Element>?>(nil)
        let source = Observable<Element>.create { observer in
            kept.value = observer
            return Disposables.create()
        }
        return (source, kept)
    }

    /// Runs `sendSource` and `sendOther` on two threads at once; `sendOther` is given how many
    /// source elements have been sent so far, to start at a point of its choosing.
    private func race(
        sendSource: @escaping @Sendable (Counter) -> Void, sendOther: @escaping @Sendable (Counter) -> Void
    ) {
        let sent = Counter()
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            if index == 0 {
                sendSource(sent)
            } else {
                sendOther(sent)
            }
        }
    }

    /// Spins (bounded) until `sent` reaches `target` or the source has finished.
    private static func waitUntil(_ sent: Counter, reaches target: Int, total: Int) {
        let deadline = Date().addingTimeInterval(5)
        while sent.value < min(target, total), Date() < deadline {}
    }

    func testUntilStressTakeUntilWithTheTwoSequencesOnDifferentThreads() {
        for round in 0..<rounds {
            let (source, sourceObserver) = capturedSource() as (Observable<Int>, Locked<AnyObserver<Int>?>)
            let (other, otherObserver) = capturedSource() as (Observable<Void>, Locked<AnyObserver<Void>?>)
            let probe = DeliveryProbe<Int>()
            let baseline = Resources.total
            let subscription = probe.subscribe(source.take(until: other))
            // The handles keep the sinks alive: they go before the leak check.
            do {
                let sourceHandle = UncheckedSendable(sourceObserver.value!)
                let otherHandle = UncheckedSendable(otherObserver.value!)
                sourceObserver.value = nil
                otherObserver.value = nil
                let stopAt = Int.random(in: 0...count)
                let total = count

                race(
                    sendSource: { sent in
                        for value in 0..<total {
                            sourceHandle.value.onNext(value)
                            sent.increment()
                        }
                        sourceHandle.value.onCompleted()
                        sent.increment()
                    },
                    sendOther: { sent in
                        Self.waitUntil(sent, reaches: stopAt, total: total)
                        for _ in 0..<10 { otherHandle.value.onNext(()) }
                        otherHandle.value.onCompleted()
                    })
            }
            subscription.dispose()

            let elements = probe.elements
            XCTAssertEqual(elements, Array(0..<elements.count), "an ordered prefix, round \(round)")
            XCTAssertEqual(probe.terminalCount, 1, "round \(round)")
            XCTAssertEqual(probe.events.last?.isCompleted, true, "round \(round)")
            XCTAssertEqual(probe.eventsAfterTerminal, 0, "round \(round)")
            XCTAssertEqual(probe.overlaps, 0, "round \(round)")
            XCTAssertEqual(probe.disposedCount, 1, "round \(round)")
            XCTAssertEqual(
                Resources.waitForTotal(toReturnTo: baseline, timeout: .seconds(5)), 0,
                "sinks still alive, round \(round)")
        }
    }

    func testUntilStressSkipUntilWithTheTwoSequencesOnDifferentThreads() {
        for round in 0..<rounds {
            let (source, sourceObserver) = capturedSource() as (Observable<Int>, Locked<AnyObserver<Int>?>)
            let (other, otherObserver) = capturedSource() as (Observable<Void>, Locked<AnyObserver<Void>?>)
            let probe = DeliveryProbe<Int>()
            let baseline = Resources.total
            let subscription = probe.subscribe(source.skip(until: other))
            // The handles keep the sinks alive: they go before the leak check.
            do {
                let sourceHandle = UncheckedSendable(sourceObserver.value!)
                let otherHandle = UncheckedSendable(otherObserver.value!)
                sourceObserver.value = nil
                otherObserver.value = nil
                let startAt = Int.random(in: 0..<count)
                let total = count

                race(
                    sendSource: { sent in
                        for value in 0..<total {
                            sourceHandle.value.onNext(value)
                            sent.increment()
                        }
                        sourceHandle.value.onCompleted()
                        sent.increment()
                    },
                    sendOther: { sent in
                        Self.waitUntil(sent, reaches: startAt, total: total)
                        otherHandle.value.onNext(())
                        otherHandle.value.onNext(())
                    })
            }
            subscription.dispose()

            let elements = probe.elements
            if let first = elements.first {
                XCTAssertEqual(elements, Array(first..<count), "every element once open, in order, round \(round)")
                XCTAssertEqual(probe.terminalCount, 1, "round \(round)")
                XCTAssertEqual(probe.events.last?.isCompleted, true, "round \(round)")
            } else {
                // Opened after the last element: completion passes; or after completion: nothing.
                XCTAssertLessThanOrEqual(probe.terminalCount, 1, "round \(round)")
            }
            XCTAssertEqual(probe.eventsAfterTerminal, 0, "round \(round)")
            XCTAssertEqual(probe.overlaps, 0, "round \(round)")
            XCTAssertEqual(probe.disposedCount, 1, "round \(round)")
            XCTAssertEqual(
                Resources.waitForTotal(toReturnTo: baseline, timeout: .seconds(5)), 0,
                "sinks still alive, round \(round)")
        }
    }

    func testUntilStressSampleWithTheSourceAndTheSamplerOnDifferentThreads() {
        for round in 0..<rounds {
            let (source, sourceObserver) = capturedSource() as (Observable<Int>, Locked<AnyObserver<Int>?>)
            let (sampler, samplerObserver) = capturedSource() as (Observable<Void>, Locked<AnyObserver<Void>?>)
            let probe = DeliveryProbe<Int>()
            let baseline = Resources.total
            let subscription = probe.subscribe(source.sample(sampler))
            // The handles keep the sinks alive: they go before the leak check.
            do {
                let sourceHandle = UncheckedSendable(sourceObserver.value!)
                let samplerHandle = UncheckedSendable(samplerObserver.value!)
                sourceObserver.value = nil
                samplerObserver.value = nil
                let total = count

                race(
                    sendSource: { _ in
                        for value in 0..<total {
                            sourceHandle.value.onNext(value)
                        }
                        sourceHandle.value.onCompleted()
                    },
                    sendOther: { _ in
                        for _ in 0..<(total / 4) {
                            samplerHandle.value.onNext(())
                        }
                        samplerHandle.value.onCompleted()
                    })
            }
            subscription.dispose()

            let elements = probe.elements
            XCTAssertEqual(elements, elements.sorted(), "samples in the source's order, round \(round)")
            XCTAssertEqual(Set(elements).count, elements.count, "each element sampled once, round \(round)")
            XCTAssertLessThanOrEqual(probe.terminalCount, 1, "round \(round)")
            XCTAssertEqual(probe.eventsAfterTerminal, 0, "round \(round)")
            XCTAssertEqual(probe.overlaps, 0, "round \(round)")
            XCTAssertEqual(probe.disposedCount, 1, "round \(round)")
            XCTAssertEqual(
                Resources.waitForTotal(toReturnTo: baseline, timeout: .seconds(5)), 0,
                "sinks still alive, round \(round)")
        }
    }

    func testUntilStressAmbOfTwoSourcesSendingOnDifferentThreadsMirrorsExactlyOne() {
        for round in 0..<rounds {
            let (left, leftObserver) = capturedSource() as (Observable<Int>, Locked<AnyObserver<Int>?>)
            let (right, rightObserver) = capturedSource() as (Observable<Int>, Locked<AnyObserver<Int>?>)
            let probe = DeliveryProbe<Int>()
            let baseline = Resources.total
            let subscription = probe.subscribe(left.amb(right))
            // The handles keep the sinks alive: they go before the leak check.
            do {
                let leftHandle = UncheckedSendable(leftObserver.value!)
                let rightHandle = UncheckedSendable(rightObserver.value!)
                leftObserver.value = nil
                rightObserver.value = nil
                let total = count

                race(
                    sendSource: { _ in
                        for value in 0..<total {
                            leftHandle.value.onNext(value)
                        }
                        leftHandle.value.onCompleted()
                    },
                    sendOther: { _ in
                        for value in 0..<total {
                            rightHandle.value.onNext(100_000 + value)
                        }
                        rightHandle.value.onError(TestError.boom)
                    })
            }
            subscription.dispose()

            let elements = probe.elements
            let offset = elements.first ?? 0
            XCTAssertTrue(offset == 0 || offset == 100_000, "round \(round)")
            XCTAssertEqual(elements, Array(offset..<(offset + count)), "all of one source, in order, round \(round)")
            XCTAssertEqual(probe.terminalCount, 1, "round \(round)")
            XCTAssertEqual(
                probe.events.last?.isCompleted, offset == 0, "the winner's own terminal event, round \(round)")
            XCTAssertEqual(probe.overlaps, 0, "round \(round)")
            XCTAssertEqual(probe.disposedCount, 1, "round \(round)")
            XCTAssertEqual(
                Resources.waitForTotal(toReturnTo: baseline, timeout: .seconds(5)), 0,
                "sinks still alive, round \(round)")
        }
    }

    func testUntilStressRacingTerminalEventsFromBothSequencesPassExactlyOne() {
        for round in 0..<rounds * 5 {
            let (source, sourceObserver) = capturedSource() as (Observable<Int>, Locked<AnyObserver<Int>?>)
            let (other, otherObserver) = capturedSource() as (Observable<Void>, Locked<AnyObserver<Void>?>)
            let probe = DeliveryProbe<Int>()
            let sequence = round.isMultiple(of: 2) ? source.take(until: other) : source.skip(until: other)
            let subscription = probe.subscribe(sequence)
            // The handles keep the sinks alive: they go before the leak check.
            do {
                let sourceHandle = UncheckedSendable(sourceObserver.value!)
                let otherHandle = UncheckedSendable(otherObserver.value!)
                sourceObserver.value = nil
                otherObserver.value = nil

                race(
                    sendSource: { _ in
                        sourceHandle.value.onNext(1)
                        sourceHandle.value.onError(TestError.boom)
                        sourceHandle.value.onNext(2)
                    },
                    sendOther: { _ in
                        otherHandle.value.onError(TestError.boom)
                        otherHandle.value.onNext(())
                    })
            }
            subscription.dispose()

            XCTAssertEqual(probe.terminalCount, 1, "round \(round)")
            XCTAssertEqual(probe.eventsAfterTerminal, 0, "round \(round)")
            XCTAssertEqual(probe.overlaps, 0, "round \(round)")
            XCTAssertFalse(probe.elements.contains(2), "round \(round)")
        }
    }
}
