import RxCocoaTraits
import RxCore
import RxDisposables
import RxOperators
import RxRelay
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

/// `Signal`: its conversions, its sharing without replay, and `emit`.
final class SignalTests: RxTestCase {
    func testSubscribersShareOneSubscriptionAndALateOneSeesOnlyWhatFollows() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let source = scheduler.createColdObservable([
                .next(10, 0), .next(20, 1), .next(30, 2), .next(40, 3), .error(50, TestError.boom),
            ])
            let signal = source.asSignal(onErrorJustReturn: -1)
            let first = scheduler.createObserver(Int.self)
            let second = scheduler.createObserver(Int.self)
            let third = scheduler.createObserver(Int.self)
            var subscriptions: [String: any Disposable] = [:]
            scheduler.scheduleAt(200) { subscriptions["first"] = signal.emit(to: first) }
            scheduler.scheduleAt(225) { subscriptions["second"] = signal.emit(to: second) }
            scheduler.scheduleAt(235) { subscriptions["first"]?.dispose() }
            scheduler.scheduleAt(260) { subscriptions["second"]?.dispose() }
            scheduler.scheduleAt(260) { subscriptions["third"] = signal.emit(to: third) }
            scheduler.scheduleAt(285) { subscriptions["third"]?.dispose() }
            scheduler.start()

            XCTAssertEqual(first.events, [.next(211, 0), .next(221, 1), .next(231, 2)])
            // Nothing replayed at 225; the source's error becomes -1 and completion.
            XCTAssertEqual(second.events, [.next(231, 2), .next(241, 3), .next(251, -1), .completed(251)])
            // A new connection after the first ended: the source starts again.
            XCTAssertEqual(third.events, [.next(271, 0), .next(281, 1)])
            XCTAssertEqual(source.subscriptions, [Subscription(200, 250), Subscription(260, 285)])
        }
    }

    func testAnObserverEndingOnTheTerminalEventIsDisposedBeforeTheSignalsSource() {
        // As a driver's (`DriverTests`): `share(scope: .whileConnected)` passes the terminal event
        // on before it unsubscribes, as RxSwift's does.
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            var log: [String] = []
            let source = scheduler.createHotObservable([.next(210, 1), .completed(220)])
            let signal = source.asSignal(onErrorJustReturn: -1).do(onDispose: { log.append("signal disposed") })
            let effects = Observable<Int>.create { observer in
                let subscription = signal.emit(
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

            XCTAssertEqual(log, ["next 1", "completed seen", "effects disposed", "signal disposed"])
        }
    }

    func testConversionsDecideWhatAnErrorBecomes() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let source = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.boom)])
            let justReturn = scheduler.start { source.asSignal(onErrorJustReturn: -1) }
            XCTAssertEqual(justReturn.events, [.next(211, 1), .next(231, -1), .completed(231)])
        }
        let second = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: second) {
            let source = second.createHotObservable([.next(210, 1), .error(230, TestError.boom)])
            let signalWith = second.start { source.asSignal(onErrorSignalWith: Signal.just(9)) }
            XCTAssertEqual(signalWith.events, [.next(211, 1), .next(232, 9), .completed(232)])
        }
        let third = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: third) {
            let source = third.createHotObservable([.next(210, 1), .error(230, TestError.boom)])
            let recover = third.start { source.asSignal(onErrorRecover: { _ in Signal.just(8) }) }
            XCTAssertEqual(recover.events, [.next(211, 1), .next(232, 8), .completed(232)])
        }
    }

    func testPublishRelayBecomesASignalOnTheSharingScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let relay = PublishRelay<Int>()
            scheduler.scheduleAt(300) { relay.accept(1) }
            let res = scheduler.start { relay.asSignal() }
            XCTAssertEqual(res.events, [.next(301, 1)])
        }
    }

    func testEmitSendsEveryEventToObserversAndOptionalObservers() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let signal = Signal.of(1, 2)
            let first = scheduler.createObserver(Int.self)
            let second = scheduler.createObserver(Int.self)
            let optional = scheduler.createObserver(Int?.self)
            let optionalSignal = scheduler.createObserver(Int?.self)
            scheduler.scheduleAt(200) {
                _ = signal.emit(to: first, second)
                _ = signal.emit(to: optional)
                // No ambiguity when the element is itself optional.
                _ = Signal<Int?>.just(nil).emit(to: optionalSignal)
            }
            scheduler.start()

            XCTAssertEqual(first.events, [.next(201, 1), .next(202, 2), .completed(203)])
            XCTAssertEqual(second.events, first.events)
            XCTAssertEqual(optional.events, [.next(201, 1), .next(202, 2), .completed(203)])
            XCTAssertEqual(optionalSignal.events, [.next(201, nil), .completed(201)])
        }
    }

    func testEmitMakesEveryKindOfRelayAcceptEachElement() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let signal = Signal.of(1, 2)
            let behaviors = (BehaviorRelay(value: 0), BehaviorRelay(value: 0))
            let optionalBehavior = BehaviorRelay<Int?>(value: nil)
            let publish = PublishRelay<Int>()
            let optionalPublish = PublishRelay<Int?>()
            let replay = ReplayRelay<Int>.create(bufferSize: 5)
            let optionalReplay = ReplayRelay<Int?>.create(bufferSize: 5)
            let published = scheduler.createObserver(Int.self)
            let optionalPublished = scheduler.createObserver(Int?.self)
            let replayed = scheduler.createObserver(Int?.self)
            let bag = DisposeBag()
            publish.subscribe(published).disposed(by: bag)
            optionalPublish.subscribe(optionalPublished).disposed(by: bag)
            scheduler.scheduleAt(200) {
                _ = signal.emit(to: behaviors.0, behaviors.1)
                _ = signal.emit(to: optionalBehavior)
                _ = signal.emit(to: publish)
                _ = signal.emit(to: optionalPublish)
                _ = signal.emit(to: replay)
                _ = signal.emit(to: optionalReplay)
            }
            scheduler.scheduleAt(300) { optionalReplay.subscribe(replayed).disposed(by: bag) }
            scheduler.start()

            XCTAssertEqual([behaviors.0.value, behaviors.1.value], [2, 2])
            XCTAssertEqual(optionalBehavior.value, 2)
            XCTAssertEqual(published.events, [.next(201, 1), .next(202, 2)])
            XCTAssertEqual(optionalPublished.events, [.next(201, 1), .next(202, 2)])
            XCTAssertEqual(replayed.events, [.next(300, 1), .next(300, 2)])
            _ = replay
        }
    }

    func testEmitWithClosuresAndWithAnObject() {
        final class Screen {
            var taps: [Int] = []
        }
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            var calls: [String] = []
            _ = Signal.of(1).emit(
                onNext: { calls.append("next \($0)") }, onCompleted: { calls.append("completed") },
                onDisposed: { calls.append("disposed") })
            let screen = Screen()
            _ = Signal.of(4, 5).emit(with: screen, onNext: { screen, value in screen.taps.append(value) })
            var seen = 0
            _ = Signal.of(6).do(onNext: { _ in seen += 1 }).emit()
            scheduler.start()

            XCTAssertEqual(calls, ["next 1", "completed", "disposed"])
            XCTAssertEqual(screen.taps, [4, 5])
            XCTAssertEqual(seen, 1)
        }
    }

    func testWithUnretainedPassesTheObjectWhileItLivesAndCompletesAfter() {
        final class Owner {}
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            var owner: Owner? = Owner()
            let relay = PublishRelay<Int>()
            let identified = scheduler.createObserver(Bool.self)
            let signal = relay.asSignal().withUnretained(owner!).map { pair in pair.0 === owner }
            let selected = relay.asSignal().withUnretained(owner!) { _, value in value * 10 }
            let tens = scheduler.createObserver(Int.self)
            let bag = DisposeBag()
            signal.emit(to: identified).disposed(by: bag)
            selected.emit(to: tens).disposed(by: bag)
            scheduler.scheduleAt(10) { relay.accept(1) }
            scheduler.scheduleAt(20) { owner = nil }
            scheduler.scheduleAt(30) { relay.accept(2) }
            scheduler.start()

            XCTAssertEqual(identified.events, [.next(11, true), .completed(31)])
            XCTAssertEqual(tens.events, [.next(11, 10), .completed(31)])
        }
    }
}
