import Observation
import RxCocoaTraits
import RxCore
import RxDisposables
import RxObservation
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

/// From observables to models: `bind(to:)` and `drive` onto a property of an `@Observable` model
/// through `rx` (a `Binder` on the main queue that holds the model weakly), or onto a `Binder` on
/// the caller's scheduler; and both directions together.
final class BindingTests: RxTestCase {
    func testBindingToAPropertyThroughRxSetsItOnTheMainQueue() {
        let model = Pair()
        let bag = DisposeBag()
        // XCTest runs on the main thread, where the main scheduler sets it at once.
        Observable.of("a", "b").bind(to: model.rx.label).disposed(by: bag)
        XCTAssertEqual(model.label, "b")
    }

    func testABinderOnATestSchedulerSetsThePropertyInVirtualTime() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let model = Pair()
        let typed = try scheduler.createHotObservable("--a--b--|")
        let bag = DisposeBag()
        typed.bind(to: Binder(model, scheduler: scheduler) { $0.label = $1 }).disposed(by: bag)

        // What the model shows, read back through the other direction: the binder sets each
        // element one tick after it (its scheduled action), and the read comes a tick later.
        let res = scheduler.start { model.rx.observe(\.label, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(201, ""), .next(222, "a"), .next(252, "b")])
    }

    func testTheBinderHoldsTheModelWeaklyAndDropsElementsOnceItIsGone() {
        let subject = PublishSubject<String>()
        var model: Pair? = Pair()
        weak let weakModel = model
        let subscription = subject.bind(to: model!.rx.label)
        subject.onNext("a")
        XCTAssertEqual(model?.label, "a")

        model = nil
        XCTAssertNil(weakModel, "the binding keeps the model")
        subject.onNext("b")
        subscription.dispose()
    }

    func testDisposingTheBagEndsTheBinding() {
        let subject = PublishSubject<String>()
        let model = Pair()
        var bag: DisposeBag? = DisposeBag()
        subject.bind(to: model.rx.label).disposed(by: bag!)
        subject.onNext("a")
        bag = nil
        subject.onNext("b")
        XCTAssertEqual(model.label, "a")
    }

    func testDrivingAMainActorModelsProperty() {
        MainActor.assumeIsolated {
            let screen = Screen()
            let bag = DisposeBag()
            // `drive` is called on the main thread; the key path is to a main-actor property.
            Driver.just(["inbox", "sent"]).drive(screen.rx.items).disposed(by: bag)
            Driver.just("Mail").drive(screen.rx.title).disposed(by: bag)
            XCTAssertEqual(screen.items, ["inbox", "sent"])
            XCTAssertEqual(screen.title, "Mail")
        }
    }

    func testBothWaysAQueryDrivesResultsThatLandBackInTheModel() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let model = Pair()
        let bag = DisposeBag()
        // The model's `a` drives a computation whose result lands in its `b`.
        model.rx.observe(\.a, scheduler: scheduler)
            .map { $0 * 10 }
            .bind(to: Binder(model, scheduler: scheduler) { $0.b = $1 })
            .disposed(by: bag)
        scheduler.scheduleAt(300) { model.a = 4 }

        let res = scheduler.start { model.rx.observe(\.b, scheduler: scheduler) }

        // Read at 301, set at 302, read back at 303.
        XCTAssertEqual(res.events, [.next(201, 0), .next(303, 40)])
    }
}
