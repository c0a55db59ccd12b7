import RxCore
import RxDisposables
import RxTestHelpers
import RxTestSupport
import XCTest

final class AsyncSubjectTests: RxTestCase {
    func testEveryObserverReceivesTheLastElementWithCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(70, 1), .next(110, 2), .next(220, 3), .next(270, 4), .next(340, 5), .completed(400),
        ])
        let subject = AsyncSubject<Int>()
        let early = scheduler.createObserver(Int.self)
        let leaving = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)
        let bag = CompositeDisposable()
        var leavingSubscription: (any Disposable)?

        scheduler.scheduleAt(100) { _ = bag.insert(xs.subscribe(subject)) }
        scheduler.scheduleAt(200) { _ = bag.insert(subject.subscribe(early)) }
        scheduler.scheduleAt(250) { leavingSubscription = subject.subscribe(leaving) }
        scheduler.scheduleAt(350) { leavingSubscription?.dispose() }
        scheduler.scheduleAt(500) { _ = bag.insert(subject.subscribe(late)) }
        scheduler.scheduleAt(1000) { bag.dispose() }
        scheduler.start()

        XCTAssertEqual(early.events, [.next(400, 5), .completed(400)])
        XCTAssertEqual(leaving.events, [])
        XCTAssertEqual(late.events, [.next(500, 5), .completed(500)])
    }

    func testEveryObserverReceivesTheElementBeforeAnyReceivesCompletion() {
        let subject = AsyncSubject<Int>()
        var log: [String] = []
        let first = subject.subscribe(onNext: { log.append("first \($0)") }, onCompleted: { log.append("first done") })
        let second = subject.subscribe(
            onNext: { log.append("second \($0)") }, onCompleted: { log.append("second done") })

        subject.onNext(1)
        subject.onNext(2)
        subject.onCompleted()

        XCTAssertEqual(log, ["first 2", "second 2", "first done", "second done"])
        first.dispose()
        second.dispose()
    }

    func testCompletionWithoutAnElementSendsOnlyCompletion() {
        let subject = AsyncSubject<Int>()
        var events: [Event<Int>] = []
        _ = subject.subscribe { events.append($0) }

        subject.onCompleted()
        _ = subject.subscribe { events.append($0) }

        XCTAssertEqual(events, [.completed, .completed])
    }

    func testAnErrorDropsTheLastElement() {
        let subject = AsyncSubject<Int>()
        var events: [Event<Int>] = []
        _ = subject.subscribe { events.append($0) }

        subject.onNext(1)
        subject.onError(TestError.boom)
        subject.onCompleted()
        _ = subject.subscribe { events.append($0) }

        XCTAssertEqual(events, [.error(TestError.boom), .error(TestError.boom)])
    }

    func testADisposedSubjectErrorsNewObservers() {
        let subject = AsyncSubject<Int>()
        subject.onNext(1)
        subject.dispose()
        subject.onCompleted()
        var events: [Event<Int>] = []

        _ = subject.subscribe { events.append($0) }

        XCTAssertTrue(subject.isDisposed)
        XCTAssertFalse(subject.hasObservers)
        guard case .error(RxError.disposed)? = events.first, events.count == 1 else {
            return XCTFail("expected one RxError.disposed, got \(events)")
        }
    }
}
