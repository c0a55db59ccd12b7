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

final class SubscribeOnTests: RxTestCase {
    func testSubscribingAndDisposingEachTakeAScheduledAction() {
        let scheduler = TestScheduler(initialClock: 0)
        var subscribedAt: TestTime?
        var disposedAt: TestTime?
        let xs = Observable<Int>.create { _ in
            subscribedAt = scheduler.clock
            return Disposables.create { disposedAt = scheduler.clock }
        }

        let res = scheduler.start { xs.subscribe(on: scheduler) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(subscribedAt, 201)
        XCTAssertEqual(disposedAt, 1001)
    }

    func testCompletionPasses() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .completed(300)])

        let res = scheduler.start { xs.subscribe(on: scheduler) }

        XCTAssertEqual(res.events, [.completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(201, 301)])
    }

    func testErrorPasses() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .error(300, TestError.boom)])

        let res = scheduler.start { xs.subscribe(on: scheduler) }

        XCTAssertEqual(res.events, [.error(300, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(201, 301)])
    }

    func testElementsPassUntilDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(260, 3)])

        let res = scheduler.start(disposed: 250) { xs.subscribe(on: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(201, 251)])
    }

    func testDisposingBeforeTheScheduledSubscribeMeansItNeverHappens() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2)])

        let res = scheduler.start(disposed: 200) { xs.subscribe(on: scheduler) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [])
    }

    func testOnASerialQueueTheSubscribeWorkRunsOnThatQueue() {
        let key = DispatchSpecificKey<String>()
        let scheduler = SerialDispatchQueueScheduler(
            internalSerialQueueName: "subscribe-on-tests",
            serialQueueConfiguration: { $0.setSpecific(key: key, value: "background") })
        let log = Locked<[String]>([])
        let completed = expectation(description: "completed")
        let source = Observable<Int>.create { observer in
            log.mutate { $0.append("subscribe closure on \(DispatchQueue.getSpecific(key: key) ?? "the test thread")") }
            observer.onNext(1)
            observer.onCompleted()
            return Disposables.create()
        }

        let subscription = source.subscribe(on: scheduler).subscribe(
            onNext: { value in
                log.mutate { $0.append("next \(value) on \(DispatchQueue.getSpecific(key: key) ?? "the test thread")") }
            },
            onCompleted: { completed.fulfill() })
        log.mutate { $0.append("subscribe returned") }

        wait(for: [completed], timeout: 5)
        subscription.dispose()
        XCTAssertEqual(
            Set(log.value), ["subscribe returned", "subscribe closure on background", "next 1 on background"])
        XCTAssertEqual(
            log.value.filter { $0 != "subscribe returned" },
            ["subscribe closure on background", "next 1 on background"])
    }
}

// MARK: - Under contention

/// `subscribe(on:)` disposed while its scheduled subscription runs.
final class SubscribeOnUnderContentionTests: DisposalRaceTestCase {
    func testSubscribeOnDisposedWhileItsScheduledSubscriptionRunsCleansUpEverySubscriptionOnce() {
        let subscribed = Counter()
        let cleanedUp = Counter()
        let source = Observable<Int>.create { observer in
            subscribed.increment()
            observer.onNext(1)
            return Disposables.create { cleanedUp.increment() }
        }
        .subscribe(on: concurrent)
        let baseline = Resources.total
        var probes: [DeliveryProbe<Int>] = []
        var disposals: [XCTestExpectation] = []
        for index in 0..<200 {
            let probe = DeliveryProbe<Int>()
            let subscription = probe.subscribe(source)
            disposals.append(dispose(subscription, of: probe, afterMicroseconds: index % 10 * 30))
            probes.append(probe)
        }
        wait(for: disposals, timeout: 5)
        // The source's disposal is itself scheduled; settling waits for it too.
        assertSettled(at: baseline)

        XCTAssertLessThanOrEqual(subscribed.value, probes.count)
        XCTAssertEqual(cleanedUp.value, subscribed.value, "every subscription that happened was cleaned up once")
        for (index, probe) in probes.enumerated() {
            XCTAssertTrue([[], [1]].contains(probe.elements), "subscription \(index): \(probe.elements)")
            XCTAssertEqual(probe.terminalCount, 0, "subscription \(index)")
            XCTAssertEqual(probe.disposedCount, 1, "subscription \(index)")
        }
    }
}
