import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

final class MulticastSelectorTests: RxTestCase {
    func testTheObserverSeesWhatTheSelectorMakesOfTheSharedSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(220, 2), .completed(250)])

        let res = scheduler.start {
            xs.multicast({ PublishSubject<Int>() }, selector: { shared in shared.map { $0 * 2 } })
        }

        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 4), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testEachObserverGetsItsOwnSubjectAndConnection() {
        let scheduler = TestScheduler(initialClock: 0)
        let cold = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        var subjects = 0
        let selected = cold.multicast(
            { () -> ReplaySubject<Int> in
                subjects += 1
                return ReplaySubject.create(bufferSize: 1)
            }, selector: { $0 })
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        let bag = CompositeDisposable()

        scheduler.scheduleAt(200) { _ = bag.insert(selected.subscribe(first)) }
        scheduler.scheduleAt(205) { _ = bag.insert(selected.subscribe(second)) }
        scheduler.scheduleAt(1000) { bag.dispose() }
        scheduler.start()

        XCTAssertEqual(subjects, 2)
        XCTAssertEqual(first.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(second.events, [.next(215, 1), .completed(225)])
        XCTAssertEqual(cold.subscriptions, [Subscription(200, 220), Subscription(205, 225)])
    }

    func testAThrowingSubjectSelectorOrSelectorSendsTheErrorWithoutSubscribing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(250)])

        let fromSubjectSelector = scheduler.start {
            xs.multicast({ () throws -> PublishSubject<Int> in throw TestError.boom }, selector: { $0 })
        }
        let fromSelector = TestScheduler(initialClock: 0).start {
            xs.multicast({ PublishSubject<Int>() }, selector: { _ -> Observable<Int> in throw TestError.other })
        }

        XCTAssertEqual(fromSubjectSelector.events, [.error(200, TestError.boom)])
        XCTAssertEqual(fromSelector.events, [.error(200, TestError.other)])
        XCTAssertEqual(xs.subscriptions, [])
    }
}
