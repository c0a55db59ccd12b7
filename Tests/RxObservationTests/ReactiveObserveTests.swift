import Observation
import RxCore
import RxDisposables
import RxObservation
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

/// `model.rx.observe`: a property, or an expression over the model handed in, holding the model
/// weakly unless asked to keep it, and completing once it is gone.
final class ReactiveObserveTests: RxTestCase {
    func testAKeyPathSendsThePropertyNowAndAfterEachTransaction() {
        let scheduler = TestScheduler(initialClock: 0)
        let model = Pair()
        scheduler.scheduleAt(300) {
            model.label = "a"
            model.label = "ab"
        }
        scheduler.scheduleAt(400) { model.a = 1 }  // another property: nothing

        let res = scheduler.start { model.rx.observe(\.label, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(201, ""), .next(301, "ab")])
    }

    func testAClosureGetsTheModelAndFollowsWhatItReads() {
        let scheduler = TestScheduler(initialClock: 0)
        let model = Pair()
        scheduler.scheduleAt(300) { model.useB = true }
        scheduler.scheduleAt(400) { model.b = 5 }

        let res = scheduler.start { model.rx.observe(scheduler: scheduler) { $0.useB ? $0.b : $0.a } }

        XCTAssertEqual(res.events, [.next(201, 0), .next(301, 0), .next(401, 5)])
    }

    func testTheModelIsNotKeptAndItsEndCompletesTheSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        var model: Pair? = Pair()
        weak let weakModel = model
        let observations = model!.rx.observe(\.a, scheduler: scheduler)
        scheduler.scheduleAt(300) { model?.a = 1 }
        scheduler.scheduleAt(400) { model = nil }

        let res = scheduler.start { observations }

        XCTAssertNil(weakModel)
        XCTAssertEqual(res.events, [.next(201, 0), .next(301, 1), .completed(401)])
    }

    func testAModelGoneBeforeTheFirstReadCompletesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        var model: Pair? = Pair()
        let observations = model!.rx.observe { $0.a + $0.b }
        _ = observations
        let scheduled = model!.rx.observe(scheduler: scheduler) { $0.a + $0.b }
        model = nil

        let res = scheduler.start { scheduled }

        XCTAssertEqual(res.events, [.completed(201)])
    }

    func testRetainSelfKeepsTheModelAsLongAsTheSequenceAndItsSubscriptions() {
        let scheduler = TestScheduler(initialClock: 0)
        var model: Pair? = Pair()
        weak let weakModel = model
        // As RxCocoa's key-value observing with `retainSelf: true`, the sequence holds the model.
        var observations: Observable<Int>? = model!.rx.observe(\.a, scheduler: scheduler, retainSelf: true)
        let observer = scheduler.createObserver(Int.self)
        var subscription: (any Disposable)?
        scheduler.scheduleAt(200) {
            subscription = observations?.subscribe(observer)
            observations = nil
        }
        scheduler.scheduleAt(300) {
            model = nil
            weakModel?.a = 1
        }
        scheduler.scheduleAt(400) { subscription?.dispose() }
        scheduler.advanceTo(350)
        XCTAssertNotNil(weakModel, "retainSelf: true keeps the model while subscribed")
        scheduler.start()

        XCTAssertNil(weakModel, "disposal lets go of the model")
        XCTAssertEqual(observer.events, [.next(201, 0), .next(301, 1)])
    }

    func testAClosureThatCapturesTheModelWeaklyCompletesWhenItGoes() {
        let scheduler = TestScheduler(initialClock: 0)
        var model: Pair? = Pair()
        let observations = Observable.observations(scheduler: scheduler) { [weak model] in model?.a ?? -1 }
        scheduler.scheduleAt(300) { model?.a = 1 }
        scheduler.scheduleAt(400) { model = nil }

        let res = scheduler.start { observations }

        XCTAssertEqual(res.events, [.next(201, 0), .next(301, 1), .completed(401)])
    }

    func testAClosureThatCapturesTheModelKeepsItWhileSubscribed() {
        let scheduler = TestScheduler(initialClock: 0)
        var model: Pair? = Pair()
        weak let weakModel = model
        let observations = Observable.observations(scheduler: scheduler) { [model = model!] in model.a }
        scheduler.scheduleAt(300) { model = nil }
        scheduler.advanceTo(100)

        let res = scheduler.start { observations }

        XCTAssertEqual(res.events, [.next(201, 0)])
        withExtendedLifetime(observations) {
            XCTAssertNotNil(weakModel, "the sequence keeps what its closure captures")
        }
    }

    func testAModelThatObservesItselfWeaklyIsReleasedWithItsBag() {
        final class Owner {
            let model = Pair()
            let bag = DisposeBag()
            var seen: [Int] = []
        }
        let scheduler = TestScheduler(initialClock: 0)
        var owner: Owner? = Owner()
        weak let weakModel = owner!.model
        owner!.model.rx.observe(\.a, scheduler: scheduler)
            .subscribe(onNext: { [weak owner] in owner?.seen.append($0) })
            .disposed(by: owner!.bag)
        scheduler.scheduleAt(300) { owner?.model.a = 4 }
        scheduler.advanceTo(400)
        XCTAssertEqual(owner?.seen, [0, 4])

        owner = nil

        XCTAssertNil(weakModel)
    }
}
