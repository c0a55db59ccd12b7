import RxCore
import RxDisposables
import RxRelay
import RxTestHelpers
import RxTestSupport
import XCTest

final class RelayTests: RxTestCase {
    func testAPublishRelaySendsWhatItAcceptsToCurrentObservers() {
        let scheduler = TestScheduler(initialClock: 0)
        let relay = PublishRelay<Int>()
        let observer = scheduler.createObserver(Int.self)
        let bag = CompositeDisposable()

        scheduler.scheduleAt(210) { relay.accept(1) }
        scheduler.scheduleAt(220) { _ = bag.insert(relay.subscribe(observer)) }
        scheduler.scheduleAt(230) { relay.accept(2) }
        scheduler.scheduleAt(240) { relay.accept(3) }
        scheduler.scheduleAt(250) { bag.dispose() }
        scheduler.scheduleAt(260) { relay.accept(4) }
        scheduler.start()

        XCTAssertEqual(observer.events, [.next(230, 2), .next(240, 3)])
    }

    func testABehaviorRelayKeepsItsValueAndSendsItToNewObservers() {
        let relay = BehaviorRelay(value: 1)
        var seen: [Int] = []
        XCTAssertEqual(relay.value, 1)

        relay.accept(2)
        let subscription = relay.subscribe(onNext: { seen.append($0) })
        relay.accept(3)

        XCTAssertEqual(relay.value, 3)
        XCTAssertEqual(seen, [2, 3])
        subscription.dispose()
    }

    func testAReplayRelayReplaysItsBuffer() {
        let bounded = ReplayRelay<Int>.create(bufferSize: 2)
        let unbounded = ReplayRelay<Int>.createUnbound()
        for element in 1...4 {
            bounded.accept(element)
            unbounded.accept(element)
        }
        var fromBounded: [Int] = []
        var fromUnbounded: [Int] = []

        let bag = CompositeDisposable()
        _ = bag.insert(bounded.subscribe(onNext: { fromBounded.append($0) }))
        _ = bag.insert(unbounded.asObservable().subscribe(onNext: { fromUnbounded.append($0) }))

        XCTAssertEqual(fromBounded, [3, 4])
        XCTAssertEqual(fromUnbounded, [1, 2, 3, 4])
        bag.dispose()
    }

    func testBindingToRelaysPassesElementsAndNotCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let publish = PublishRelay<Int>()
        let behavior = BehaviorRelay(value: 0)
        let replay = ReplayRelay<Int>.create(bufferSize: 1)
        let optional = BehaviorRelay<Int?>(value: nil)
        let optionalPublish = PublishRelay<Int?>()
        let optionalReplay = ReplayRelay<Int?>.create(bufferSize: 1)
        let observer = scheduler.createObserver(Int.self)
        let optionalObserver = scheduler.createObserver(Int?.self)
        let bag = CompositeDisposable()

        scheduler.scheduleAt(200) {
            _ = bag.insert(publish.subscribe(observer))
            _ = bag.insert(optionalPublish.subscribe(optionalObserver))
            _ = bag.insert(xs.bind(to: publish))
            _ = bag.insert(xs.bind(to: behavior, behavior))
            _ = bag.insert(xs.bind(to: replay))
            _ = bag.insert(xs.bind(to: optional))
            _ = bag.insert(xs.bind(to: optionalPublish))
            _ = bag.insert(xs.bind(to: optionalReplay))
        }
        scheduler.scheduleAt(1000) { bag.dispose() }
        scheduler.start()

        XCTAssertEqual(observer.events, [.next(210, 1), .next(220, 2)], "a relay never completes")
        XCTAssertEqual(optionalObserver.events, [.next(210, 1), .next(220, 2)])
        XCTAssertEqual(behavior.value, 2)
        XCTAssertEqual(optional.value, 2)
        var replayed: [Int] = []
        var optionalReplayed: [Int?] = []
        replay.subscribe(onNext: { replayed.append($0) }).dispose()
        optionalReplay.subscribe(onNext: { optionalReplayed.append($0) }).dispose()
        XCTAssertEqual(replayed, [2])
        XCTAssertEqual(optionalReplayed, [2])
    }
}
