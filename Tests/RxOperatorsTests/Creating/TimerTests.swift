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

final class TimerTests: RxTestCase {
    func testOneOffSendsZeroAndCompletesAtTheDueTime() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Int>.timer(.seconds(100), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(300, 0), .completed(300)])
    }

    func testOneOffWithZeroDueTimeFiresOnTheNextTick() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Int>.timer(.seconds(0), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(201, 0), .completed(201)])
    }

    func testOneOffWithNegativeDueTimeFiresAsSoonAsPossible() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Int>.timer(.seconds(-50), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(201, 0), .completed(201)])
    }

    func testOneOffWithNeverDueTimeNeverFires() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Int>.timer(.never, scheduler: scheduler) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(scheduler.clock, 1000)
    }

    func testOneOffDisposedBeforeItsDueTimeSendsNothing() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start(disposed: 250) { Observable<Int>.timer(.seconds(100), scheduler: scheduler) }

        XCTAssertEqual(res.events, [])
    }

    func testPeriodicStartsAfterTheDueTimeThenTicksEveryPeriod() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start(disposed: 600) {
            Observable<Int>.timer(.seconds(50), period: .seconds(100), scheduler: scheduler)
        }

        XCTAssertEqual(res.events, [.next(250, 0), .next(350, 1), .next(450, 2), .next(550, 3)])
    }

    func testPeriodicWithZeroDueTimeStartsOnTheNextTick() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start(disposed: 450) {
            Observable<Int>.timer(.seconds(0), period: .seconds(100), scheduler: scheduler)
        }

        XCTAssertEqual(res.events, [.next(201, 0), .next(301, 1), .next(401, 2)])
    }

    func testPeriodicWithNeverDueTimeNeverFires() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Int>.timer(.never, period: .seconds(10), scheduler: scheduler) }

        XCTAssertEqual(res.events, [])
    }

    func testPeriodicWithNeverPeriodTicksOnceAndNeverCompletes() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Int>.timer(.seconds(10), period: .never, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 0)])
    }

    func testIntervalTicksEveryPeriodFromSubscription() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Int64>.interval(.seconds(100), scheduler: scheduler) }

        XCTAssertEqual(
            res.events,
            [.next(300, 0), .next(400, 1), .next(500, 2), .next(600, 3), .next(700, 4), .next(800, 5), .next(900, 6)])
    }

    func testIntervalWithZeroPeriodAdvancesOneTickAtATime() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start(disposed: 210) { Observable<Int64>.interval(.seconds(0), scheduler: scheduler) }

        XCTAssertEqual(
            res.events,
            [
                .next(201, 0), .next(202, 1), .next(203, 2), .next(204, 3), .next(205, 4), .next(206, 5),
                .next(207, 6), .next(208, 7), .next(209, 8),
            ])
    }

    func testIntervalWithNegativePeriodAdvancesOneTickAtATime() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start(disposed: 204) { Observable<Int>.interval(.seconds(-10), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(201, 0), .next(202, 1), .next(203, 2)])
    }

    func testIntervalWithNeverPeriodNeverFires() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Int>.interval(.never, scheduler: scheduler) }

        XCTAssertEqual(res.events, [])
    }

    func testIntervalLongerThanTheSubscriptionSendsNothing() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Int64>.interval(.seconds(1000), scheduler: scheduler) }

        XCTAssertEqual(res.events, [])
    }

    func testAnUnsignedCountWrapsToZeroAfterItsLargestValue() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start(disposed: 200 + 259) { Observable<UInt8>.interval(.seconds(1), scheduler: scheduler) }

        let values = res.events.compactMap { $0.value.element }
        XCTAssertEqual(values.count, 258)
        XCTAssertEqual(Array(values.prefix(3)), [0, 1, 2])
        XCTAssertEqual(Array(values.suffix(4)), [254, 255, 0, 1])
        XCTAssertEqual(Array(res.events.suffix(2)), [.next(457, 0), .next(458, 1)])
    }

    func testASignedCountWrapsToItsSmallestValue() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start(disposed: 200 + 131) {
            Observable<Int8>.timer(.seconds(1), period: .seconds(1), scheduler: scheduler)
        }

        XCTAssertEqual(Array(res.events.suffix(3)), [.next(328, 127), .next(329, -128), .next(330, -127)])
    }

    func testIntervalTicksAfterWorkQueuedEarlierForTheSameTimeAndBeforeWorkQueuedLater() {
        let scheduler = TestScheduler(initialClock: 0)
        let log = Locked<[String]>([])
        var subscriptions: [any Disposable] = []

        scheduler.scheduleAt(200) {
            subscriptions.append(
                Observable<Int>.interval(.seconds(100), scheduler: scheduler).subscribe(onNext: { value in
                    log.mutate { $0.append("interval \(value)@\(scheduler.clock)") }
                    if value == 0 {
                        // Queued after the interval's next tick, which the interval queued first.
                        subscriptions.append(
                            Observable<Int>.timer(.seconds(100), scheduler: scheduler).subscribe(onNext: { _ in
                                log.mutate { $0.append("late timer@\(scheduler.clock)") }
                            }))
                    }
                }))
            // Queued before the interval's tick at 500, which the tick at 400 queues.
            subscriptions.append(
                Observable<Int>.timer(.seconds(300), scheduler: scheduler).subscribe(onNext: { _ in
                    log.mutate { $0.append("early timer@\(scheduler.clock)") }
                }))
        }
        scheduler.advanceTo(500)
        for subscription in subscriptions {
            subscription.dispose()
        }

        XCTAssertEqual(
            log.value,
            [
                "interval 0@300", "interval 1@400", "late timer@400", "early timer@500", "interval 2@500",
            ])
    }

    func testMarbles() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start(disposed: 245) {
            Observable<Int>.timer(.seconds(10), period: .seconds(10), scheduler: scheduler)
        }

        assertMarbles(res, "-0123", values: ["0": 0, "1": 1, "2": 2, "3": 3])
    }

    func testIntervalOnASerialQueueTicksOnThatQueueUntilDisposed() {
        let key = DispatchSpecificKey<String>()
        let scheduler = SerialDispatchQueueScheduler(
            internalSerialQueueName: "timer-tests",
            serialQueueConfiguration: { $0.setSpecific(key: key, value: "timer") })
        let ticks = Locked<[String]>([])
        let threeTicks = expectation(description: "three ticks")

        let subscription = Observable<Int>.interval(.milliseconds(5), scheduler: scheduler).subscribe(
            onNext: { value in
                ticks.mutate { $0.append("\(value) on \(DispatchQueue.getSpecific(key: key) ?? "?")") }
                if value == 2 {
                    threeTicks.fulfill()
                }
            })

        wait(for: [threeTicks], timeout: 5)
        subscription.dispose()
        XCTAssertEqual(Array(ticks.value.prefix(3)), ["0 on timer", "1 on timer", "2 on timer"])
    }

    func testOneOffTimerOnAConcurrentQueueFiresOnce() {
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
        let received = Locked<[Int]>([])
        let completed = expectation(description: "completed")

        let subscription = Observable<Int>.timer(.milliseconds(10), scheduler: scheduler).subscribe(
            onNext: { value in received.mutate { $0.append(value) } }, onCompleted: { completed.fulfill() })

        wait(for: [completed], timeout: 5)
        subscription.dispose()
        XCTAssertEqual(received.value, [0])
    }
}

// MARK: - Under contention

/// `interval` and `timer` on dispatch queues, disposed around their ticks.
final class TimerUnderContentionTests: DisposalRaceTestCase {
    func testIntervalsDisposedWhileTickingDeliverConsecutiveTicksAndStop() {
        let baseline = Resources.total
        var probes: [DeliveryProbe<Int>] = []
        var disposals: [XCTestExpectation] = []
        for index in 0..<24 {
            let scheduler: any SchedulerType = index.isMultiple(of: 2) ? serial : concurrent
            let probe = DeliveryProbe<Int>()
            let subscription = probe.subscribe(Observable<Int>.interval(.milliseconds(1), scheduler: scheduler))
            probes.append(probe)
            disposals.append(dispose(subscription, of: probe, afterMicroseconds: index % 6 * 1_000))
        }
        wait(for: disposals, timeout: 5)
        assertSettled(at: baseline)

        for (index, probe) in probes.enumerated() {
            assertStoppedCleanly(probe, "interval \(index)")
        }
    }

    func testOneOffTimersDisposedAroundTheirDueTimeSendAPrefixOfZeroThenCompleted() {
        let baseline = Resources.total
        var probes: [DeliveryProbe<Int>] = []
        var disposals: [XCTestExpectation] = []
        for index in 0..<60 {
            let scheduler: any SchedulerType = index.isMultiple(of: 2) ? serial : concurrent
            let probe = DeliveryProbe<Int>()
            let subscription = probe.subscribe(Observable<Int>.timer(.microseconds(500), scheduler: scheduler))
            probes.append(probe)
            disposals.append(dispose(subscription, of: probe, afterMicroseconds: index % 10 * 100))
        }
        wait(for: disposals, timeout: 5)
        assertSettled(at: baseline)

        let allowed: Set<[String]> = [[], ["next(0)"], ["next(0)", "completed"]]
        for (index, probe) in probes.enumerated() {
            let events = probe.events.map(\.description)
            XCTAssertTrue(allowed.contains(events), "timer \(index): \(events)")
            XCTAssertLessThanOrEqual(probe.deliveriesAfterDispose, 1, "timer \(index)")
            XCTAssertEqual(probe.disposedCount, 1, "timer \(index)")
        }
    }
}
