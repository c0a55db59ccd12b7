import Dispatch
import Foundation
import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import Synchronization
import XCTest

final class FlatMapLatestTests: RxTestCase {
    func testFollowsOnlyTheSequenceOfTheLatestElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let inners = [
            scheduler.createColdObservable([.next(10, 1), .next(20, 2), .next(60, 3), .completed(100)]),
            scheduler.createColdObservable([.next(5, 11), .next(30, 12), .completed(40)]),
            scheduler.createColdObservable([.next(10, 21), .completed(150)]),
        ]
        let xs = scheduler.createHotObservable([.next(210, 0), .next(250, 1), .next(300, 2), .completed(400)])

        let res = scheduler.start { xs.flatMapLatest { inners[$0] } }

        XCTAssertEqual(
            res.events, [.next(220, 1), .next(230, 2), .next(255, 11), .next(280, 12), .next(310, 21), .completed(450)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
        XCTAssertEqual(inners[0].subscriptions, [Subscription(210, 250)])
        XCTAssertEqual(inners[1].subscriptions, [Subscription(250, 290)])
        XCTAssertEqual(inners[2].subscriptions, [Subscription(300, 450)])
    }

    func testWithMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("---^-a-b------|", values: ["a": 1, "b": 2])
        let ys = try scheduler.createColdObservable("-x-y-z|", values: ["x": 1, "y": 2, "z": 3])

        let res = scheduler.start { xs.flatMapLatest { value in ys.map { $0 * value } } }

        assertMarbles(res, "---1-2-4-6-|")
        assertSubscriptions(xs, "^----------!")
        assertSubscriptions(ys, "--^-!", "----^-----!")
    }

    func testThePreviousSequenceIsDisposedBeforeTheNextIsSubscribed() {
        var log: [String] = []
        let source = PublishSubject<Int>()
        let subscription = source.flatMapLatest { value in
            Observable<Int>.never().do(
                onSubscribe: { log.append("subscribe \(value)") }, onDispose: { log.append("dispose \(value)") })
        }.subscribe()

        source.onNext(1)
        source.onNext(2)
        subscription.dispose()

        XCTAssertEqual(log, ["subscribe 1", "dispose 1", "subscribe 2", "dispose 2"])
    }

    func testAnEarlierSequenceThatIgnoresDisposalCannotSendAfterTheSwitch() {
        var observers: [AnyObserver<Int>] = []
        let source = PublishSubject<Int>()
        var received: [Event<Int>] = []
        let subscription = source.flatMapLatest { _ in
            Observable<Int>.create { observer in
                observers.append(observer)
                return Disposables.create()
            }
        }.subscribe { received.append($0) }

        source.onNext(1)
        observers[0].onNext(10)
        source.onNext(2)
        observers[0].onNext(11)
        observers[0].onError(TestError.boom)
        observers[1].onNext(20)
        source.onCompleted()
        observers[0].onCompleted()
        observers[1].onCompleted()

        XCTAssertEqual(received.compactMap(\.element), [10, 20])
        XCTAssertEqual(received.count, 3)
        XCTAssertTrue(received.last?.isCompleted ?? false)
        subscription.dispose()
        observers = []
    }

    func testAThrowingSelectorSendsItsErrorAndDisposesEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.next(10, 1), .completed(100)])
        let xs = scheduler.createHotObservable([.next(210, 0), .next(250, 1), .completed(400)])

        let res = scheduler.start { () -> Observable<Int> in
            xs.flatMapLatest { index -> TestableObservable<Int> in
                if index == 1 { throw TestError.boom }
                return inner
            }
        }

        XCTAssertEqual(res.events, [.next(220, 1), .error(250, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 250)])
    }

    func testAnErrorOfTheLatestSequenceEndsEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.next(10, 1), .error(20, TestError.boom)])
        let xs = scheduler.createHotObservable([.next(210, 0), .completed(400)])

        let res = scheduler.start { xs.flatMapLatest { _ in inner } }

        XCTAssertEqual(res.events, [.next(220, 1), .error(230, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 230)])
    }

    func testDisposingMidStreamDisposesTheSourceAndTheLatestSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.next(10, 1), .completed(100)])
        let xs = scheduler.createHotObservable([.next(210, 0), .completed(400)])

        let res = scheduler.start(disposed: 250) { xs.flatMapLatest { _ in inner } }

        XCTAssertEqual(res.events, [.next(220, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 250)])
    }

    func testSequencesSendingWhileBeingSubscribedArePassedOn() {
        var received: [Int] = []
        var completed = false

        _ = Observable.of(1, 2, 3).flatMapLatest { Observable.just($0) }.subscribe(
            onNext: { received.append($0) }, onCompleted: { completed = true })

        XCTAssertEqual(received, [1, 2, 3])
        XCTAssertTrue(completed)
    }
}

// MARK: - Under contention

extension FlatMapLatestTests {
    /// `flatMapLatest` switching away from an inner sequence that sends from another thread.
    func testMergeStressFlatMapLatestDropsElementsOfAnEarlierInnerSentAcrossTheSwitch() {
        let marker = -1
        for round in 0..<20 {
            let received = Locked<[Int]>([])
            let overlaps = Atomic<Int>(0)
            let inFlight = Atomic<Int>(0)
            let outer = PublishSubject<Int>()
            let running = Locked<AnyObserver<Int>?>(nil)
            let ready = DispatchSemaphore(value: 0)
            let subscription = outer.flatMapLatest { value -> Observable<Int> in
                if value == 1 {
                    return Observable.create { observer in
                        running.value = observer
                        ready.signal()
                        return Disposables.create()
                    }
                }
                return .just(marker)
            }.subscribe(onNext: { value in
                if inFlight.wrappingAdd(1, ordering: .sequentiallyConsistent).oldValue != 0 {
                    overlaps.wrappingAdd(1, ordering: .relaxed)
                }
                received.mutate { $0.append(value) }
                inFlight.wrappingSubtract(1, ordering: .sequentiallyConsistent)
            })
            outer.onNext(1)
            XCTAssertEqual(ready.wait(timeout: .now() + 5), .success)
            let sender = UncheckedSendable(running.value)
            let done = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                for value in 0..<5_000 {
                    sender.value?.onNext(value)
                }
                done.signal()
            }
            let deadline = Date().addingTimeInterval(5)
            while received.value.count < 50, Date() < deadline {
                usleep(50)
            }

            outer.onNext(2)

            XCTAssertEqual(done.wait(timeout: .now() + 20), .success, "round \(round): sender stuck")
            let events = received.value
            let switchedAt = events.firstIndex(of: marker)
            XCTAssertNotNil(switchedAt, "round \(round): the latest inner sent nothing")
            if let switchedAt {
                XCTAssertEqual(events[(switchedAt + 1)...], [], "round \(round): an earlier inner's element followed")
            }
            XCTAssertEqual(overlaps.load(ordering: .relaxed), 0, "round \(round): deliveries overlapped")
            subscription.dispose()
            running.value = nil
        }
    }
}
