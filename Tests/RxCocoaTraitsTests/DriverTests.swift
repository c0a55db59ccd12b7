import Dispatch
import RxCocoaTraits
import RxCore
import RxDisposables
import RxOperators
import RxRelay
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

/// `Driver`: its conversions, its sharing with replay, where it delivers, and `drive`.
final class DriverTests: RxTestCase {
    // MARK: conversions

    func testOnErrorJustReturnEndsWithTheElementAndCompletesWithoutError() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let source = scheduler.createHotObservable([
                .next(210, 1), .next(220, 2), .error(230, TestError.boom), .next(240, 3),
            ])
            let res = scheduler.start { source.asDriver(onErrorJustReturn: -1) }

            XCTAssertEqual(res.events, [.next(211, 1), .next(221, 2), .next(231, -1), .completed(231)])
            XCTAssertEqual(source.subscriptions, [Subscription(200, 230)])
        }
    }

    func testOnErrorDriveWithGoesOnWithTheFallback() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let source = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.boom)])
            let res = scheduler.start { source.asDriver(onErrorDriveWith: Driver.just(9)) }

            XCTAssertEqual(res.events, [.next(211, 1), .next(232, 9), .completed(232)])
        }
    }

    func testOnErrorRecoverGoesOnWithWhatTheClosureMakesOfTheError() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let source = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.boom)])
            var recovered: [TestError] = []
            let res = scheduler.start {
                source.asDriver(onErrorRecover: { error in
                    recovered.append(error as? TestError ?? .other)
                    return Driver.of(7, 8)
                })
            }

            XCTAssertEqual(res.events, [.next(211, 1), .next(232, 7), .next(233, 8), .completed(234)])
            XCTAssertEqual(recovered, [.boom])
        }
    }

    func testADriverOfAFailingSourceCompletesItsObserversWithoutError() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let driver = Observable<Int>.error(TestError.boom).asDriver(onErrorDriveWith: .empty())
            let first = scheduler.createObserver(Int.self)
            let second = scheduler.createObserver(Int.self)
            scheduler.scheduleAt(200) { _ = driver.drive(first) }
            scheduler.scheduleAt(300) { _ = driver.drive(second) }
            scheduler.start()

            XCTAssertEqual(first.events, [.completed(202)])
            XCTAssertEqual(second.events, [.completed(302)])
        }
    }

    func testInfallibleAndBehaviorRelayBecomeDriversOnTheSharingScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let relay = BehaviorRelay(value: 1)
            let fromRelay = scheduler.start { relay.asDriver() }
            XCTAssertEqual(fromRelay.events, [.next(201, 1)])

            let fromInfallible = scheduler.start(created: 1000, subscribed: 1100, disposed: 2000) {
                Infallible.of(1, 2).asDriver()
            }
            XCTAssertEqual(fromInfallible.events, [.next(1101, 1), .next(1102, 2), .completed(1103)])
        }
    }

    // MARK: sharing

    func testSubscribersShareOneSubscriptionAndALateOneGetsTheLatestElementReplayed() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(240, 3)])
            let driver = source.asDriver(onErrorJustReturn: 0)
            let early = scheduler.createObserver(Int.self)
            let late = scheduler.createObserver(Int.self)
            var subscriptions: [any Disposable] = []
            scheduler.scheduleAt(200) { subscriptions.append(driver.drive(early)) }
            scheduler.scheduleAt(230) { subscriptions.append(driver.drive(late)) }
            scheduler.scheduleAt(300) { for subscription in subscriptions { subscription.dispose() } }
            scheduler.start()

            XCTAssertEqual(early.events, [.next(211, 1), .next(221, 2), .next(241, 3)])
            XCTAssertEqual(late.events, [.next(230, 2), .next(241, 3)])
            XCTAssertEqual(source.subscriptions, [Subscription(200, 300)])
        }
    }

    func testTheSourceStopsWhenTheLastSubscriberLeavesAndStartsAfreshAfter() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let source = scheduler.createColdObservable([.next(10, 1), .next(20, 2)])
            let driver = source.asDriver(onErrorJustReturn: 0)
            let first = scheduler.createObserver(Int.self)
            let second = scheduler.createObserver(Int.self)
            var subscription: (any Disposable)?
            scheduler.scheduleAt(200) { subscription = driver.drive(first) }
            scheduler.scheduleAt(250) { subscription?.dispose() }
            scheduler.scheduleAt(300) { subscription = driver.drive(second) }
            scheduler.scheduleAt(400) { subscription?.dispose() }
            scheduler.start()

            XCTAssertEqual(first.events, [.next(211, 1), .next(221, 2)])
            // Nothing replayed from the earlier run: the replay ends with the connection.
            XCTAssertEqual(second.events, [.next(311, 1), .next(321, 2)])
            XCTAssertEqual(source.subscriptions, [Subscription(200, 250), Subscription(300, 400)])
        }
    }

    func testAnObserverEndingOnTheTerminalEventIsDisposedBeforeTheDriversSource() {
        // A feedback loop's pattern: effects subscribed in `create` end on the driver's terminal
        // event, and a `do(onDispose:)` on the driver (which shares it again, as every driver
        // operator does) runs after they are disposed, as with RxSwift's `share(replay: 1)`.
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            var log: [String] = []
            let source = scheduler.createHotObservable([.next(210, 1), .completed(220)])
            let driver = source.asDriver(onErrorJustReturn: -1).do(onDispose: { log.append("driver disposed") })
            let effects = Observable<Int>.create { observer in
                let subscription = driver.drive(
                    onNext: { log.append("next \($0)") },
                    onCompleted: {
                        log.append("completed seen")
                        observer.onCompleted()
                    })
                return Disposables.create {
                    log.append("effects disposed")
                    subscription.dispose()
                }
            }
            scheduler.scheduleAt(200) { _ = effects.subscribe() }
            scheduler.start()

            XCTAssertEqual(log, ["next 1", "completed seen", "effects disposed", "driver disposed"])
            XCTAssertEqual(source.subscriptions, [Subscription(200, 220)])
        }
    }

    // MARK: SharingScheduler

    func testMockNestsAndRestoresTheSchedulerBeforeIt() throws {
        let outer = TestScheduler(initialClock: 0)
        let inner = TestScheduler(initialClock: 0)
        XCTAssertTrue(SharingScheduler.make() is MainScheduler)
        SharingScheduler.mock(scheduler: outer) {
            XCTAssertTrue(SharingScheduler.make() as AnyObject === outer)
            SharingScheduler.mock(scheduler: inner) {
                XCTAssertTrue(SharingScheduler.make() as AnyObject === inner)
                XCTAssertTrue(DriverSharingStrategy.scheduler as AnyObject === inner)
                XCTAssertTrue(SignalSharingStrategy.scheduler as AnyObject === inner)
            }
            XCTAssertTrue(SharingScheduler.make() as AnyObject === outer)
        }
        XCTAssertTrue(SharingScheduler.make() is MainScheduler)

        XCTAssertThrowsError(
            try SharingScheduler.mock(scheduler: outer) { throw TestError.boom })
        XCTAssertTrue(SharingScheduler.make() is MainScheduler)
    }

    func testMockWithAFactoryCallsItForEachSchedulerNeeded() {
        let scheduler = TestScheduler(initialClock: 0)
        var made = 0
        let makeScheduler: () -> any SchedulerType = {
            made += 1
            return scheduler
        }
        SharingScheduler.mock(makeScheduler: makeScheduler) {
            _ = Driver.just(1)
            _ = Signal.of(1, 2)
        }
        XCTAssertEqual(made, 2)
    }

    func testAMockOnOneThreadIsNotSeenOnAnother() {
        let scheduler = TestScheduler(initialClock: 0)
        let elsewhere = expectation(description: "the other thread looked")
        let seenThere = Locked<Bool?>(nil)
        SharingScheduler.mock(scheduler: scheduler) {
            DispatchQueue.global().async {
                seenThere.value = SharingScheduler.make() is MainScheduler
                elsewhere.fulfill()
            }
            wait(for: [elsewhere], timeout: 10)
        }
        XCTAssertEqual(seenThere.value, true)
    }

    // MARK: delivery on the main thread

    func testWithoutAMockEventsArriveOnTheMainQueue() {
        let delivered = expectation(description: "delivered")
        let onMain = Locked<[Bool]>([])
        let bag = DisposeBag()
        Observable.of(1, 2, scheduler: ConcurrentDispatchQueueScheduler(qos: .default))
            .asDriver(onErrorJustReturn: 0)
            .drive(
                onNext: { _ in onMain.mutate { $0.append(Thread.isMainThread) } },
                onCompleted: { delivered.fulfill() }
            )
            .disposed(by: bag)
        wait(for: [delivered], timeout: 10)
        XCTAssertEqual(onMain.value, [true, true])
    }

    func testOnTheMainThreadDriversDeliverSynchronouslyInTheOrderTheyAreDriven() {
        // No mock: the main scheduler runs at once when called on the main queue.
        func sample(_ item: String) -> Driver<String> {
            Observable.create { observer in
                observer.onNext(item)
                observer.onCompleted()
                return Disposables.create()
            }
            .asDriver(onErrorJustReturn: "")
        }
        var bag = DisposeBag()
        var received: [String] = []
        let relay = BehaviorRelay(value: "initial")
        relay.asDriver().drive(onNext: { received.append($0) }).disposed(by: bag)
        sample("first").drive(relay).disposed(by: bag)
        sample("second").drive(relay).disposed(by: bag)
        Observable.just("third").bind(to: relay).disposed(by: bag)
        bag = DisposeBag()

        XCTAssertEqual(received, ["initial", "first", "second", "third"])
    }

    func testNestedDriversOnTheMainThreadDeliverBeforeDriveReturns() {
        var latest: Int?
        let state = BehaviorSubject(value: 1)
        let subscription = state.asDriver(onErrorJustReturn: 0)
            .flatMapLatest { Driver.just($0 * 2) }
            .flatMapLatest { Observable.just($0).asDriver(onErrorJustReturn: -1) }
            .flatMapLatest { Observable.just($0).asDriver(onErrorDriveWith: .empty()) }
            .flatMapLatest { Observable.just($0).asDriver(onErrorRecover: { _ in .empty() }) }
            .drive(onNext: { latest = $0 })
        subscription.dispose()

        XCTAssertEqual(latest, 2)
    }

    // MARK: drive

    func testDriveSendsEveryEventToEachObserverAndOptionalObserver() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let driver = Driver.of(1, 2)
            let first = scheduler.createObserver(Int.self)
            let second = scheduler.createObserver(Int.self)
            let optional = scheduler.createObserver(Int?.self)
            scheduler.scheduleAt(200) {
                _ = driver.drive(first, second)
                _ = driver.drive(optional)
            }
            scheduler.start()

            XCTAssertEqual(first.events, [.next(201, 1), .next(202, 2), .completed(203)])
            XCTAssertEqual(second.events, first.events)
            XCTAssertEqual(optional.events, [.next(201, 1), .next(202, 2), .completed(203)])
        }
    }

    func testDriveMakesRelaysAcceptEachElementAndIgnoresCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let driver = Driver.of(1, 2)
            let behavior = BehaviorRelay(value: 0)
            let optionalBehavior = BehaviorRelay<Int?>(value: nil)
            let replay = ReplayRelay<Int>.create(bufferSize: 5)
            let optionalReplay = ReplayRelay<Int?>.create(bufferSize: 5)
            let replayed = scheduler.createObserver(Int.self)
            let optionalReplayed = scheduler.createObserver(Int?.self)
            scheduler.scheduleAt(200) {
                _ = driver.drive(behavior)
                _ = driver.drive(optionalBehavior)
                _ = driver.drive(replay)
                _ = driver.drive(optionalReplay)
            }
            scheduler.scheduleAt(300) {
                _ = replay.subscribe(replayed)
                _ = optionalReplay.subscribe(optionalReplayed)
            }
            scheduler.start()

            XCTAssertEqual(behavior.value, 2)
            XCTAssertEqual(optionalBehavior.value, 2)
            XCTAssertEqual(replayed.events, [.next(300, 1), .next(300, 2)])
            XCTAssertEqual(optionalReplayed.events, [.next(300, 1), .next(300, 2)])
        }
    }

    func testOptionalElementsDriveObserversAndRelaysOfTheSameOptionalTypeWithoutAmbiguity() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let driver = Driver<Int?>.of(1, nil)
            let observer = scheduler.createObserver(Int?.self)
            let behavior = BehaviorRelay<Int?>(value: 0)
            let replay = ReplayRelay<Int?>.create(bufferSize: 2)
            let replayed = scheduler.createObserver(Int?.self)
            scheduler.scheduleAt(200) {
                _ = driver.drive(observer)
                _ = driver.drive(behavior)
                _ = driver.drive(replay)
            }
            scheduler.scheduleAt(300) { _ = replay.subscribe(replayed) }
            scheduler.start()

            XCTAssertEqual(observer.events, [.next(201, 1), .next(202, nil), .completed(203)])
            XCTAssertEqual(behavior.value, nil)
            XCTAssertEqual(replayed.events, [.next(300, 1), .next(300, nil)])
        }
    }

    func testDriveWithClosuresCallsThemInOrderAndOnDisposedLast() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            var calls: [String] = []
            _ = Driver.of(1, 2).drive(
                onNext: { calls.append("next \($0)") }, onCompleted: { calls.append("completed") },
                onDisposed: { calls.append("disposed") })
            scheduler.start()
            XCTAssertEqual(calls, ["next 1", "next 2", "completed", "disposed"])
        }
    }

    func testDriveWithAnObjectPassesItUntilItIsReleased() {
        final class Screen {
            var shown: [Int] = []
            var completed = false
        }
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            var screen: Screen? = Screen()
            let kept = screen
            let subject = PublishSubject<Int>()
            _ = subject.asDriver(onErrorJustReturn: 0)
                .drive(
                    with: screen!, onNext: { screen, value in screen.shown.append(value) },
                    onCompleted: { screen in screen.completed = true })
            subject.onNext(1)
            scheduler.advanceTo(10)
            subject.onCompleted()
            scheduler.advanceTo(20)
            XCTAssertEqual(kept?.shown, [1])
            XCTAssertEqual(kept?.completed, true)

            // Released: nothing more is called.
            var other: Screen? = Screen()
            weak let released = other
            let second = PublishSubject<Int>()
            let subscription = second.asDriver(onErrorJustReturn: 0)
                .drive(with: other!, onNext: { screen, value in screen.shown.append(value) })
            other = nil
            second.onNext(5)
            scheduler.advanceTo(30)
            XCTAssertNil(released)
            subscription.dispose()
            screen = nil
        }
    }

    func testDriveWithATransformationOrACurriedFunctionHandsThemTheDriver() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let driver = Driver.just(3)
            var received: [Int] = []
            let subscription = driver.drive { observable in observable.subscribe(onNext: { received.append($0) }) }
            let times: (Observable<Int>) -> (Int) -> any Disposable = { observable in
                { factor in observable.subscribe(onNext: { received.append($0 * factor) }) }
            }
            let curried = driver.drive(times, curriedArgument: 10)
            scheduler.start()
            XCTAssertEqual(received, [3, 30])
            subscription.dispose()
            curried.dispose()
        }
    }

    func testDriveWithNoArgumentsKeepsTheSourceRunning() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            var seen: [Int] = []
            let subscription = Driver.of(1, 2).do(onNext: { seen.append($0) }).drive()
            scheduler.start()
            XCTAssertEqual(seen, [1, 2])
            subscription.dispose()
        }
    }

    func testADriverIsInfallibleAndObservableAsItIs() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let driver = Driver.of(1, 2)
            let asInfallible = scheduler.start { driver.asInfallible() }
            XCTAssertEqual(asInfallible.events, [.next(201, 1), .next(202, 2), .completed(203)])
            let again = scheduler.start(created: 1000, subscribed: 1100, disposed: 2000) {
                driver.asDriver().asSharedSequence().asObservable()
            }
            XCTAssertEqual(again.events, [.next(1101, 1), .next(1102, 2), .completed(1103)])
        }
    }
}
