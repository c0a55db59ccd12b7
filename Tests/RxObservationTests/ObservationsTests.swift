import Observation
import RxCore
import RxDisposables
import RxObservation
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

/// `Observable.observations`: the value now, then one element per change transaction, read after
/// the change lands, on the caller's scheduler; in virtual time.
final class ObservationsTests: RxTestCase {
    func testTheCurrentValueThenOneElementPerTransactionWithTheValueAfterIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let model = Pair()
        // Three changes in one go are one transaction: one element, with the value after all.
        scheduler.scheduleAt(300) {
            model.a = 1
            model.a = 2
            model.b = 10
        }
        scheduler.scheduleAt(400) { model.b = 20 }

        let res = scheduler.start { Observable.observations(scheduler: scheduler) { model.a + model.b } }

        XCTAssertEqual(res.events, [.next(201, 0), .next(301, 12), .next(401, 22)])
    }

    func testChangesMadeBeforeTheNextReadJoinItsTransaction() {
        let scheduler = TestScheduler(initialClock: 0)
        let model = Pair()
        // The read asked for at 300 runs at 301, after the change at 301 made before it.
        scheduler.scheduleAt(300) { model.a = 1 }
        scheduler.scheduleAt(301) { model.a = 2 }

        let res = scheduler.start { Observable.observations(scheduler: scheduler) { model.a } }

        XCTAssertEqual(res.events, [.next(201, 0), .next(301, 2)])
    }

    func testTheTrackedPropertiesAreThoseTheLatestEvaluationRead() {
        let scheduler = TestScheduler(initialClock: 0)
        let model = Pair()
        scheduler.scheduleAt(300) { model.b = 10 }  // not read yet: nothing
        scheduler.scheduleAt(400) { model.useB = true }  // reads b from now on
        scheduler.scheduleAt(500) { model.a = 7 }  // no longer read: nothing
        scheduler.scheduleAt(600) { model.b = 11 }
        scheduler.scheduleAt(700) { model.useB = false }
        scheduler.scheduleAt(800) { model.a = 8 }

        let res = scheduler.start {
            Observable.observations(scheduler: scheduler) { model.useB ? model.b : model.a }
        }

        XCTAssertEqual(res.events, [.next(201, 0), .next(401, 10), .next(601, 11), .next(701, 7), .next(801, 8)])
    }

    func testEqualValuesAreNotDroppedUnlessAskedTo() {
        let scheduler = TestScheduler(initialClock: 0)
        let model = Pair()
        scheduler.scheduleAt(300) { model.a = 1 }
        scheduler.scheduleAt(400) {
            model.a = 0
            model.b = 1
        }
        let observations = Observable.observations(scheduler: scheduler) { model.a + model.b }

        let all = scheduler.createObserver(Int.self)
        let distinct = scheduler.createObserver(Int.self)
        let bag = DisposeBag()
        scheduler.scheduleAt(200) {
            observations.subscribe(all).disposed(by: bag)
            observations.distinctUntilChanged().subscribe(distinct).disposed(by: bag)
        }
        scheduler.start()

        XCTAssertEqual(all.events, [.next(201, 0), .next(301, 1), .next(401, 1)])
        XCTAssertEqual(distinct.events, [.next(201, 0), .next(301, 1)])
    }

    func testEachSubscriberTracksOnItsOwn() {
        let scheduler = TestScheduler(initialClock: 0)
        let model = Pair()
        scheduler.scheduleAt(300) { model.a = 1 }
        let observations = Observable.observations(scheduler: scheduler) { model.a }
        let early = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)
        let bag = DisposeBag()
        scheduler.scheduleAt(200) { observations.subscribe(early).disposed(by: bag) }
        scheduler.scheduleAt(350) { observations.subscribe(late).disposed(by: bag) }
        scheduler.scheduleAt(400) { model.a = 2 }
        scheduler.start()

        XCTAssertEqual(early.events, [.next(201, 0), .next(301, 1), .next(401, 2)])
        XCTAssertEqual(late.events, [.next(351, 1), .next(401, 2)])
    }

    func testAnErrorTheClosureThrowsEndsTheSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let model = Pair()
        scheduler.scheduleAt(300) { model.a = -1 }
        scheduler.scheduleAt(400) { model.a = 5 }

        let res = scheduler.start {
            Observable.observations(scheduler: scheduler) { () throws -> Int in
                if model.a < 0 { throw TestError.boom }
                return model.a
            }
        }

        XCTAssertEqual(res.events, [.next(201, 0), .error(301, TestError.boom)])
    }

    func testAClosureThatReadsNothingTrackedSendsItsValueAndCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let constant = 42

        let res = scheduler.start {
            // Nothing read is tracked, so nothing can ever change what it returns.
            Observable.observations(scheduler: scheduler) { constant }
        }

        XCTAssertEqual(res.events, [.next(201, 42), .completed(201)])
    }

    func testTheFirstReadRunsWhenTheSchedulerGetsToItNotAtSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let model = Pair()
        // Changed between the subscription (200) and the first read (201).
        scheduler.scheduleAt(200) { model.a = 3 }

        let res = scheduler.start { Observable.observations(scheduler: scheduler) { model.a } }

        XCTAssertEqual(res.events, [.next(201, 3)])
    }

    func testDisposingBetweenAChangeAndItsReadCancelsTheRead() {
        let scheduler = TestScheduler(initialClock: 0)
        let model = Pair()
        let observer = scheduler.createObserver(Int.self)
        var subscription: (any Disposable)?
        var reads = 0
        scheduler.scheduleAt(200) {
            subscription = Observable.observations(scheduler: scheduler) {
                reads += 1
                return model.a
            }
            .subscribe(observer)
        }
        scheduler.scheduleAt(300) {
            model.a = 1
            subscription?.dispose()
        }
        scheduler.scheduleAt(400) { model.a = 2 }
        scheduler.start()

        XCTAssertEqual(observer.events, [.next(201, 0)])
        XCTAssertEqual(reads, 1)
    }

    func testDisposalLetsGoOfTheSubscriptionThoughTheModelNeverChangesAgain() {
        let scheduler = TestScheduler(initialClock: 0)
        let model = Pair()
        weak var weakObserver: TestableObserver<Int>?
        assertNoLeaks {
            let observer = scheduler.createObserver(Int.self)
            weakObserver = observer
            let subscription = Observable.observations(scheduler: scheduler) { model.a }.subscribe(observer)
            scheduler.advanceTo(300)
            XCTAssertEqual(observer.events, [.next(1, 0)])
            // The model's registrar still holds the tracking, until `a` changes or the model goes.
            subscription.dispose()
        }
        XCTAssertNil(weakObserver, "the registrar's tracking keeps the observer")
        withExtendedLifetime(model) {}
    }

    func testAnObserverThatChangesTheModelGetsTheChangeAsTheNextElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let model = Pair()
        let observer = scheduler.createObserver(Int.self)
        let bag = DisposeBag()
        scheduler.scheduleAt(200) {
            Observable.observations(scheduler: scheduler) { model.a }
                .do(onNext: { value in
                    if value < 3 { model.a = value + 1 }
                })
                .subscribe(observer)
                .disposed(by: bag)
        }
        scheduler.start()

        XCTAssertEqual(observer.events, [.next(201, 0), .next(202, 1), .next(203, 2), .next(204, 3)])
    }

    func testAMarbleDiagramOfTheTransactionRule() throws {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false, ticksPerFrame: 10)
        let model = Pair()
        let writes = try scheduler.createHotObservable("--a--(bc)--d--", values: ["a": 1, "b": 2, "c": 3, "d": 4])
        let bag = DisposeBag()
        writes.subscribe(onNext: { model.a = $0 }).disposed(by: bag)

        let res = scheduler.start { Observable.observations(scheduler: scheduler) { model.a } }

        // Without the processing delay, a read asked for now runs now, after the write that asked.
        XCTAssertEqual(
            scheduler.marbleDiagram(of: res.events, values: ["0": 0, "a": 1, "c": 3, "d": 4]), "0-a--c--d")
    }
}
