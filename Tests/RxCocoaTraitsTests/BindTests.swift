import RxCocoaTraits
import RxCore
import RxDisposables
import RxOperators
import RxRelay
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

/// `bind(to:)` and `bind(onNext:)` of observables and infallibles, to any observer.
final class BindTests: RxTestCase {
    func testAnObservableBindsEveryEventToEachObserverAndOptionalObserver() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        let optional = scheduler.createObserver(Int?.self)
        let optionalElements = scheduler.createObserver(Int?.self)
        _ = Observable.of(1, 2).bind(to: first, second)
        _ = Observable.of(1, 2).bind(to: optional)
        // An optional element goes to an observer of the same type, with no ambiguity.
        _ = Observable<Int?>.just(nil).bind(to: optionalElements)
        _ = Observable<Int>.error(TestError.boom).bind(to: first)

        XCTAssertEqual(first.events, [.next(0, 1), .next(0, 2), .completed(0), .error(0, TestError.boom)])
        XCTAssertEqual(second.events, [.next(0, 1), .next(0, 2), .completed(0)])
        XCTAssertEqual(optional.events, [.next(0, 1), .next(0, 2), .completed(0)])
        XCTAssertEqual(optionalElements.events, [.next(0, nil), .completed(0)])
    }

    func testAnInfallibleBindsEveryEventToEachObserverAndOptionalObserver() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        let optional = scheduler.createObserver(Int?.self)
        let optionalElements = scheduler.createObserver(Int?.self)
        _ = Infallible.of(1, 2).bind(to: first, second)
        _ = Infallible.of(1, 2).bind(to: optional)
        _ = Infallible<Int?>.just(nil).bind(to: optionalElements)

        XCTAssertEqual(first.events, [.next(0, 1), .next(0, 2), .completed(0)])
        XCTAssertEqual(second.events, first.events)
        XCTAssertEqual(optional.events, [.next(0, 1), .next(0, 2), .completed(0)])
        XCTAssertEqual(optionalElements.events, [.next(0, nil), .completed(0)])
    }

    func testBindToASubjectAndToABinder() {
        final class Label {
            var text = ""
        }
        let subject = PublishSubject<Int>()
        let received = Locked<[Int]>([])
        let bag = DisposeBag()
        subject.subscribe(onNext: { value in received.mutate { $0.append(value) } }).disposed(by: bag)
        Observable.of(1, 2).bind(to: subject).disposed(by: bag)
        XCTAssertEqual(received.value, [1, 2])

        let label = Label()
        let binder = Binder<Int>(label, scheduler: CurrentThreadScheduler.instance) { label, value in
            label.text = "\(value)"
        }
        Observable.just(5).bind(to: binder).disposed(by: bag)
        Infallible.just(6).bind(to: binder).disposed(by: bag)
        XCTAssertEqual(label.text, "6")
    }

    func testBindToAPropertyReachedThroughRx() {
        final class Counter: ReactiveCompatible {
            var number = 0
        }
        let counter = Counter()
        // `counter.rx.number` is a `Binder` on the main scheduler, which runs at once on the
        // main thread.
        let subscription = Observable.just(10).bind(to: counter.rx.number)
        XCTAssertEqual(counter.number, 10)
        subscription.dispose()
    }

    func testCurriedBindingHandsTheSequenceToTheBinder() {
        var received: [Int] = []
        let observable = Observable.of(1, 2)
        let viaObservable = observable.bind { (source: Observable<Int>) in
            source.subscribe(onNext: { received.append($0) })
        }
        let times: (Observable<Int>) -> (Int) -> any Disposable = { source in
            { factor in source.subscribe(onNext: { received.append($0 * factor) }) }
        }
        let curried = observable.bind(to: times, curriedArgument: 10)
        let infallible = Infallible.of(3)
        let viaInfallible = infallible.bind { (source: Infallible<Int>) in
            source.subscribe(onNext: { received.append($0) })
        }
        let infallibleTimes: (Infallible<Int>) -> (Int) -> any Disposable = { source in
            { factor in source.subscribe(onNext: { received.append($0 * factor) }) }
        }
        let infallibleCurried = infallible.bind(to: infallibleTimes, curriedArgument: 100)

        XCTAssertEqual(received, [1, 2, 10, 20, 3, 300])
        for subscription in [viaObservable, curried, viaInfallible, infallibleCurried] { subscription.dispose() }
    }

    func testBindOnNextAndWithAnObject() {
        final class Model {
            var values: [Int] = []
        }
        var received: [Int] = []
        _ = Observable.of(1, 2).bind(onNext: { received.append($0) })
        _ = Infallible.of(3).bind(onNext: { received.append($0) })
        let model = Model()
        _ = Observable.of(4, 5).bind(with: model) { model, value in model.values.append(value) }

        XCTAssertEqual(received, [1, 2, 3])
        XCTAssertEqual(model.values, [4, 5])
    }

    func testBindWithAnObjectStopsCallingOnceTheObjectIsReleased() {
        final class Model {
            var values: [Int] = []
        }
        var model: Model? = Model()
        weak let released = model
        let subject = PublishSubject<Int>()
        var calls = 0
        let subscription = subject.bind(with: model!) { model, value in
            calls += 1
            model.values.append(value)
        }
        subject.onNext(1)
        model = nil
        subject.onNext(2)
        XCTAssertNil(released)
        XCTAssertEqual(calls, 1)
        subscription.dispose()
    }

    func testAnInfallibleBindsToEveryKindOfRelay() {
        let behavior = BehaviorRelay(value: 0)
        let optionalBehavior = BehaviorRelay<Int?>(value: nil)
        let publish = PublishRelay<Int>()
        let optionalPublish = PublishRelay<Int?>()
        let replay = ReplayRelay<Int>.create(bufferSize: 2)
        let optionalReplay = ReplayRelay<Int?>.create(bufferSize: 2)
        var published: [Int] = []
        var optionalPublished: [Int?] = []
        let bag = DisposeBag()
        publish.subscribe(onNext: { published.append($0) }).disposed(by: bag)
        optionalPublish.subscribe(onNext: { optionalPublished.append($0) }).disposed(by: bag)

        let source = Infallible.of(1, 2)
        source.bind(to: behavior).disposed(by: bag)
        source.bind(to: optionalBehavior).disposed(by: bag)
        source.bind(to: publish).disposed(by: bag)
        source.bind(to: optionalPublish).disposed(by: bag)
        source.bind(to: replay).disposed(by: bag)
        source.bind(to: optionalReplay).disposed(by: bag)
        var replayed: [Int] = []
        var optionalReplayed: [Int?] = []
        replay.subscribe(onNext: { replayed.append($0) }).disposed(by: bag)
        optionalReplay.subscribe(onNext: { optionalReplayed.append($0) }).disposed(by: bag)

        XCTAssertEqual(behavior.value, 2)
        XCTAssertEqual(optionalBehavior.value, 2)
        XCTAssertEqual(published, [1, 2])
        XCTAssertEqual(optionalPublished, [1, 2])
        XCTAssertEqual(replayed, [1, 2])
        XCTAssertEqual(optionalReplayed, [1, 2])
    }
}
