import Dispatch
import Foundation
import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Several operators at once racing disposal: short scheduled sequences, a dispose bag of busy
/// subscriptions released on another thread, one pipeline subscribed from many threads.
final class DisposalRaceReliabilityTests: DisposalRaceTestCase {
    func testScheduledShortSequencesDisposedWhileTheyRunSendAPrefixOfTheirEvents() {
        let sources: [(name: String, make: () -> Observable<Int>, events: [String])] = [
            ("just", { Observable.just(1, scheduler: self.concurrent) }, ["next(1)", "completed"]),
            (
                "from(optional:)", { Observable.from(optional: 1, scheduler: self.concurrent) },
                ["next(1)", "completed"]
            ),
            (
                "of", { Observable.of(1, 2, 3, scheduler: self.concurrent) },
                ["next(1)", "next(2)", "next(3)", "completed"]
            ),
            (
                "range", { Observable.range(start: 1, count: 3, scheduler: self.concurrent) },
                ["next(1)", "next(2)", "next(3)", "completed"]
            ),
        ]
        let baseline = Resources.total
        var runs: [(name: String, probe: DeliveryProbe<Int>, events: [String])] = []
        var disposals: [XCTestExpectation] = []
        for index in 0..<160 {
            let (name, make, events) = sources[index % sources.count]
            let probe = DeliveryProbe<Int>()
            let subscription = probe.subscribe(make())
            disposals.append(dispose(subscription, of: probe, afterMicroseconds: index % 9 * 40))
            runs.append((name, probe, events))
        }
        wait(for: disposals, timeout: 5)
        assertSettled(at: baseline)

        for (index, run) in runs.enumerated() {
            let seen = run.probe.events.map(\.description)
            XCTAssertEqual(seen, Array(run.events.prefix(seen.count)), "\(run.name) \(index)")
            XCTAssertLessThanOrEqual(run.probe.deliveriesAfterDispose, 1, "\(run.name) \(index)")
            XCTAssertEqual(run.probe.overlaps, 0, "\(run.name) \(index)")
            XCTAssertEqual(run.probe.disposedCount, 1, "\(run.name) \(index)")
        }
    }

    func testADisposeBagReleasedOnAnotherThreadStopsEveryBusySubscriptionOnce() {
        let baseline = Resources.total
        for round in 0..<6 {
            let bag = Locked<DisposeBag?>(DisposeBag())
            let cleanups = Counter()
            let producersFinished = expectation(description: "producers finished")
            producersFinished.expectedFulfillmentCount = 3
            var probes: [DeliveryProbe<Int>] = []
            var firstSentAfterRelease: [Locked<Int?>] = []
            for index in 0..<6 {
                let probe = DeliveryProbe<Int>()
                let first = Locked<Int?>(nil)
                let source: Observable<Int> =
                    switch index {
                    case 0: .interval(.milliseconds(1), scheduler: serial)
                    case 1: .interval(.milliseconds(1), scheduler: concurrent)
                    case 2: Observable.from(0..., scheduler: concurrent)
                    default:
                        busyProducer(
                            reportingTo: probe, cleanups: cleanups, firstSentAfterDispose: first,
                            finished: producersFinished)
                    }
                bag.mutate { $0?.insert(probe.subscribe(source)) }
                probes.append(probe)
                firstSentAfterRelease.append(first)
            }
            waitUntilBusy(probes)

            let released = expectation(description: "bag released on another thread")
            let members = probes
            disposers.async {
                bag.value = nil
                for probe in members { probe.markDisposeReturned() }
                released.fulfill()
            }
            wait(for: [released, producersFinished], timeout: 5)
            assertSettled(at: baseline)

            for (index, probe) in probes.enumerated() {
                assertStoppedCleanly(probe, "member \(index), round \(round)")
                if let first = firstSentAfterRelease[index].value {
                    XCTAssertLessThanOrEqual(probe.elements.count, first, "member \(index), round \(round)")
                }
            }
            XCTAssertEqual(cleanups.value, 3, "round \(round)")
        }
    }

    func testOnePipelineSubscribedFromManyThreadsAtOnceGivesEverySubscriberTheSameEvents() {
        let pipeline = UncheckedSendable(Observable.of(1, 2, 3, 4, 5).map { $0 * 2 }.filter { $0 != 4 }.take(3))
        let results = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<50 {
                var seen: [String] = []
                let subscription = pipeline.value.subscribe(
                    onNext: { seen.append("\($0)") }, onCompleted: { seen.append("completed") },
                    onDisposed: { seen.append("disposed") })
                subscription.dispose()
                let line = seen.joined(separator: " ")
                results.mutate { $0.append(line) }
            }
        }
        XCTAssertEqual(results.value.count, 400)
        XCTAssertEqual(Set(results.value), ["2 6 8 completed disposed"])
    }
}
