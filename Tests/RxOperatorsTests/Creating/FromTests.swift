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

final class FromTests: RxTestCase {
    func testOfOnTheTestSchedulerAgainstAFrameDiagramIsReportedOneTickPerColumn() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.of(1, 2, 3, scheduler: scheduler) }
        let message = scheduler.marbleMismatch(res.events, "-123|") ?? ""

        XCTAssertTrue(
            message.hasPrefix(
                """
                recorded events differ from the marble diagram at 201 (frame 0 + 1 tick):
                expected: ----------1---------2---------3---------|
                recorded: -123|------------------------------------
                           ^
                """), message)
    }

    func testOfOnATestSchedulerSendsOneElementPerTick() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.of(1, 2, 3, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(201, 1), .next(202, 2), .next(203, 3), .completed(204)])
    }

    func testFromArrayOnATestSchedulerSendsOneElementPerTick() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.from([3, 1, 2, 4], scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(201, 3), .next(202, 1), .next(203, 2), .next(204, 4), .completed(205)])
    }

    func testDisposingMidStreamStopsTheRecursion() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start(disposed: 203) { Observable.from([3, 1, 2, 4], scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(201, 3), .next(202, 1)])
    }

    func testAnEmptySequenceOnlyCompletes() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.from([Int](), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.completed(201)])
    }

    func testAnySequenceIsIteratedLazily() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.from(stride(from: 10, to: 40, by: 10), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(201, 10), .next(202, 20), .next(203, 30), .completed(204)])
    }

    func testOnTheTrampolineEverythingHappensAtSubscription() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.of(1, 2, 3) }

        XCTAssertEqual(res.events, [.next(200, 1), .next(200, 2), .next(200, 3), .completed(200)])
    }

    func testSubscribeReturnsAfterTheWholeSequenceWhenNoTrampolineRuns() {
        var received: [Int] = []
        var completed = false

        _ = Observable.from([1, 2, 3]).subscribe(onNext: { received.append($0) }, onCompleted: { completed = true })

        XCTAssertEqual(received, [1, 2, 3])
        XCTAssertTrue(completed)
    }

    func testTwoSequencesSubscribedTogetherTakeTurns() {
        // RxSwift's merge(of(1, 2), of(3, 4)) gives 1 3 2 4: both subscribe inside one
        // trampoline turn and each then queues one element per turn.
        var log: [String] = []
        let both = Observable<Int>.create { observer in
            let first = Observable.of(1, 2).subscribe(
                onNext: { observer.onNext($0) }, onCompleted: { log.append("first completed") })
            let second = Observable.of(3, 4).subscribe(
                onNext: { observer.onNext($0) }, onCompleted: { log.append("second completed") })
            return Disposables.create(first, second)
        }

        let subscription = both.subscribe(onNext: { log.append("\($0)") })
        subscription.dispose()

        XCTAssertEqual(log, ["1", "3", "2", "4", "first completed", "second completed"])
    }

    /// Each thread steps its own sequences on its own trampoline: interleaving on one thread is
    /// not disturbed by sequences stepping at the same time on others.
    func testSequencesOnSeveralThreadsInterleaveOnlyWithTheirOwnThreadsWork() {
        let threads = 4
        let logs = (0..<threads).map { _ in Locked<[String]>([]) }
        let done = (0..<threads).map { expectation(description: "thread \($0) done") }
        for thread in 0..<threads {
            DispatchQueue.global().async {
                for _ in 0..<200 {
                    var log: [String] = []
                    let both = Observable<Int>.create { observer in
                        let first = Observable.of(1, 2, 3).subscribe(onNext: { observer.onNext($0) })
                        let second = Observable.from([4, 5, 6]).subscribe(onNext: { observer.onNext($0) })
                        return Disposables.create(first, second)
                    }
                    both.subscribe(onNext: { log.append("\($0)") }).dispose()
                    logs[thread].mutate { $0.append(log.joined(separator: " ")) }
                }
                done[thread].fulfill()
            }
        }
        wait(for: done, timeout: 5)

        for thread in 0..<threads {
            XCTAssertEqual(logs[thread].value, Array(repeating: "1 4 2 5 3 6", count: 200), "thread \(thread)")
        }
    }

    func testSubscribingAgainFromInsideOnNextInterleaves() {
        let letters = Observable.of("a", "b", "c")
        var log: [String] = []

        _ = Observable.of(1, 2, 3).subscribe(
            onNext: { outer in
                log.append("outer \(outer)")
                if outer == 1 {
                    _ = letters.subscribe(
                        onNext: { log.append("inner \($0)") }, onCompleted: { log.append("inner completed") })
                }
            },
            onCompleted: { log.append("outer completed") })

        XCTAssertEqual(
            log,
            [
                "outer 1", "inner a", "outer 2", "inner b", "outer 3", "inner c", "outer completed",
                "inner completed",
            ])
    }

    func testResubscribingTheSameSequenceFromInsideOnNextStartsOver() {
        let source = Observable.of(1, 2)
        var log: [String] = []
        var resubscribed = false

        _ = source.subscribe(onNext: { value in
            log.append("outer \(value)")
            if !resubscribed {
                resubscribed = true
                _ = source.subscribe(onNext: { log.append("inner \($0)") })
            }
        })

        XCTAssertEqual(log, ["outer 1", "inner 1", "outer 2", "inner 2"])
    }

    func testAnInfiniteSequenceStopsWhenTheSubscriberStops() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.from(0...).take(3) }

        XCTAssertEqual(res.events, [.next(200, 0), .next(200, 1), .next(200, 2), .completed(200)])
    }

    func testOnASerialQueueTheElementsArriveInOrderOnThatQueue() {
        let key = DispatchSpecificKey<String>()
        let scheduler = SerialDispatchQueueScheduler(
            internalSerialQueueName: "from-tests", serialQueueConfiguration: { $0.setSpecific(key: key, value: "from") }
        )
        let received = Locked<[String]>([])
        let done = expectation(description: "completed")

        let subscription = Observable.of(1, 2, 3, scheduler: scheduler).subscribe(
            onNext: { value in
                received.mutate { $0.append("\(value) on \(DispatchQueue.getSpecific(key: key) ?? "?")") }
            },
            onCompleted: { done.fulfill() })

        wait(for: [done], timeout: 5)
        subscription.dispose()
        XCTAssertEqual(received.value, ["1 on from", "2 on from", "3 on from"])
    }
}

// MARK: - Under contention

/// `from` on a concurrent queue, disposed while it emits.
final class FromUnderContentionTests: DisposalRaceTestCase {
    func testSequenceOnAConcurrentQueueDisposedWhileEmittingDeliversAnOrderedPrefix() {
        let count = 5_000
        let source = Observable.from(Array(0..<count), scheduler: concurrent)
        let baseline = Resources.total
        for round in 0..<40 {
            let probe = DeliveryProbe<Int>()
            let subscription = probe.subscribe(source)
            wait(for: [dispose(subscription, of: probe, afterMicroseconds: round % 8 * 200)], timeout: 5)
            assertSettled(at: baseline)

            let elements = probe.elements
            XCTAssertEqual(elements, Array(0..<elements.count), "round \(round)")
            if probe.events.contains(where: \.isCompleted) {
                XCTAssertEqual(elements.count, count, "completion only after every element, round \(round)")
            }
            XCTAssertEqual(probe.eventsAfterTerminal, 0, "round \(round)")
            XCTAssertLessThanOrEqual(probe.deliveriesAfterDispose, 1, "round \(round)")
            XCTAssertEqual(probe.overlaps, 0, "round \(round)")
            XCTAssertEqual(probe.disposedCount, 1, "round \(round)")
        }
    }
}
