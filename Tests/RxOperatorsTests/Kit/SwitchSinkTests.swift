import RxDisposables
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

@testable import RxCore
@testable import RxOperators

/// ``SwitchSink`` through its own API: a minimal subclass whose outer elements are the inner
/// sequences themselves.
final class SwitchSinkTests: RxTestCase {
    final class Latest<Observer: ObserverType>:
        SwitchSink<Observable<Observer.Element>, Observable<Observer.Element>, Observer>
    {
        override func inner(for element: Observable<Observer.Element>) throws -> Observable<Observer.Element> {
            element
        }
    }

    func testEachOuterElementEndsThePreviousInnerSubscriptionBeforeTheNextStarts() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([.next(10, 1), .next(30, 2), .completed(40)])
        let second = scheduler.createColdObservable([.next(10, 3), .completed(20)])
        let outer = scheduler.createHotObservable([
            .next(100, first.asObservable()), .next(120, second.asObservable()), .completed(125),
        ])
        let observer = scheduler.createObserver(Int.self)
        let sink = Latest(observer: observer, cancel: BooleanDisposable())

        _ = sink.run(outer.asObservable())
        scheduler.start()

        XCTAssertEqual(observer.events, [.next(110, 1), .next(130, 3), .completed(140)])
        XCTAssertEqual(first.subscriptions, [Subscription(100, 120)])
        XCTAssertEqual(second.subscriptions, [Subscription(120, 140)])
    }

    func testAnEarlierInnerSequenceThatKeepsSendingAfterTheSwitchIsIgnored() {
        let scheduler = TestScheduler(initialClock: 0)
        let stubborn = DisposalIgnoringObservable<Int>()
        let latest = PublishSubject<Int>()
        let observer = scheduler.createObserver(Int.self)
        let sink = Latest(observer: observer, cancel: BooleanDisposable())
        let outer = PublishSubject<Observable<Int>>()
        _ = sink.run(outer.asObservable())

        outer.onNext(stubborn.asObservable())
        stubborn.observer?.onNext(1)
        outer.onNext(latest.asObservable())
        stubborn.observer?.onNext(2)
        stubborn.observer?.onError(TestError.boom)
        stubborn.observer?.onCompleted()
        latest.onNext(3)
        outer.onCompleted()
        XCTAssertEqual(observer.events.map(\.value), [.next(1), .next(3)], "the result ended with an old inner")
        latest.onCompleted()

        XCTAssertEqual(observer.events.map(\.value), [.next(1), .next(3), .completed])
        XCTAssertEqual(stubborn.disposals.value, 1, "the switch disposed the old inner subscription")
        stubborn.forget()
    }

    func testInsideADeliveryElementsSentBeforeASwitchKeepTheirPlaceAndLaterOnesOfTheOldInnerAreDropped() {
        let recorder = NestingRecorder<Int>()
        let sink = Latest(observer: recorder, cancel: BooleanDisposable())
        let old = DisposalIgnoringObservable<Int>()
        let new = PublishSubject<Int>()
        let outer = PublishSubject<Observable<Int>>()
        _ = sink.run(outer.asObservable())
        outer.onNext(old.asObservable())
        recorder.onEvent = { event in
            guard event.element == 1 else { return }
            old.observer?.onNext(2)
            outer.onNext(new.asObservable())
            old.observer?.onNext(3)
            new.onNext(10)
        }

        // Delivered after the delivery under way instead of nested in it, which the debug build reports.
        let reports = SynchronizationReports.collect {
            old.observer?.onNext(1)
        }
        XCTAssertEqual(reports.count, 1, "the re-entrant send is reported once: \(reports)")

        XCTAssertEqual(recorder.elements, [1, 2, 10])
        XCTAssertEqual(recorder.deepestNesting, 1, "no delivery nests inside another")
        recorder.stop()
        old.forget()
        sink.dispose()
    }

    func testDisposingEndsTheLatestInnerAndTheOuterSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.next(10, 1), .next(100, 2), .completed(200)])
        let outer = scheduler.createHotObservable([.next(100, inner.asObservable()), .completed(400)])
        let observer = scheduler.createObserver(Int.self)
        let sink = Latest(observer: observer, cancel: BooleanDisposable())
        _ = sink.run(outer.asObservable())

        scheduler.scheduleAt(150) { sink.dispose() }
        scheduler.start()

        XCTAssertEqual(observer.events, [.next(110, 1)])
        XCTAssertEqual(inner.subscriptions, [Subscription(100, 150)])
        XCTAssertEqual(outer.subscriptions, [Subscription(0, 150)])
    }
}
