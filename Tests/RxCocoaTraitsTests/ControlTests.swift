import Dispatch
import RxCocoaTraits
import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

/// `ControlProperty` and `ControlEvent`, over plain sequences and observers.
final class ControlTests: RxTestCase {
    /// Subscribes to `control` from a background queue, waits (bounded) for its first element,
    /// which arrives once the main queue has run the subscription, and disposes.
    private func subscribeFromABackgroundQueueUntilTheFirstElement(_ control: Observable<Void>) {
        let received = expectation(description: "the first element arrived")
        let stored = expectation(description: "the subscription was kept")
        let subscription = Locked<(any Disposable)?>(nil)
        let shared = Locked(control)
        DispatchQueue.global().async {
            // The element may arrive, on the main queue, before `subscribe` returns here.
            subscription.value = shared.value.subscribe(onNext: { _ in received.fulfill() })
            stored.fulfill()
        }
        wait(for: [received, stored], timeout: 10)
        subscription.value?.dispose()
    }

    func testAControlEventIsSubscribedOnTheMainQueueWhereverItIsSubscribedFrom() {
        let subscribedOnMain = Locked<[Bool]>([])
        let source = Observable<Int>.create { observer in
            subscribedOnMain.mutate { $0.append(Thread.isMainThread) }
            observer.onNext(1)
            return Disposables.create()
        }
        let event = ControlEvent(events: source)
        subscribeFromABackgroundQueueUntilTheFirstElement(event.map { _ in () })
        let bag = DisposeBag()
        _ = event.asControlEvent().asObservable().subscribe().disposed(by: bag)
        XCTAssertEqual(subscribedOnMain.value, [true, true])
    }

    func testAControlPropertyIsSubscribedOnTheMainQueueAndSendsWhatItReceivesToItsSink() {
        let subscribedOnMain = Locked<[Bool]>([])
        let values = Observable<String?>.create { observer in
            subscribedOnMain.mutate { $0.append(Thread.isMainThread) }
            observer.onNext("a")
            return Disposables.create()
        }
        var set: [String?] = []
        let sink = AnyObserver<String?> { event in
            if case .next(let value) = event { set.append(value) }
        }
        let property = ControlProperty(values: values, valueSink: sink)
        subscribeFromABackgroundQueueUntilTheFirstElement(property.map { _ in () })

        property.on(.next("b"))
        property.asControlProperty().onNext(nil)
        XCTAssertEqual(subscribedOnMain.value, [true])
        XCTAssertEqual(set, ["b", nil])
    }

    func testOrEmptyReadsNilAsTheEmptyStringBothWays() {
        var set: [String?] = []
        let sink = AnyObserver<String?> { event in
            if case .next(let value) = event { set.append(value) }
        }
        let property = ControlProperty(values: Observable<String?>.of("a", nil, "b"), valueSink: sink).orEmpty
        var read: [String] = []
        _ = property.subscribe(onNext: { read.append($0) })
        property.onNext("c")

        XCTAssertEqual(read, ["a", "", "b"])
        XCTAssertEqual(set, ["c"])
    }

    func testChangedLeavesOutTheCurrentValue() {
        let property = ControlProperty(values: Observable.of(1, 2, 3), valueSink: AnyObserver<Int> { _ in })
        var changes: [Int] = []
        _ = property.changed.subscribe(onNext: { changes.append($0) })
        XCTAssertEqual(changes, [2, 3])
    }

    func testControlsBecomeDriversAndSignalsAndInfallibles() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let taps = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
            let event = ControlEvent(events: taps)
            let asSignal = scheduler.start { event.asSignal() }
            XCTAssertEqual(asSignal.events, [.next(211, 1), .next(221, 2)])
        }
        let second = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: second) {
            let taps = second.createHotObservable([.next(210, 1), .next(220, 2)])
            let event = ControlEvent(events: taps)
            let property = ControlProperty(values: taps, valueSink: AnyObserver<Int> { _ in })
            let driver = second.createObserver(Int.self)
            let propertyDriver = second.createObserver(Int.self)
            let infallible = second.createObserver(Int.self)
            let bag = DisposeBag()
            second.scheduleAt(200) {
                event.asDriver().drive(driver).disposed(by: bag)
                property.asDriver().drive(propertyDriver).disposed(by: bag)
                event.asInfallible().bind(to: infallible).disposed(by: bag)
            }
            second.start()
            XCTAssertEqual(driver.events, [.next(211, 1), .next(221, 2)])
            XCTAssertEqual(propertyDriver.events, driver.events)
            XCTAssertEqual(infallible.events, [.next(210, 1), .next(220, 2)])
        }
    }
}
