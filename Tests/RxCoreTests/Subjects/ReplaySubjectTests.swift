import RxCore
import RxDisposables
import RxTestHelpers
import RxTestSupport
import XCTest

final class ReplaySubjectTests: RxTestCase {
    /// A buffer of three: each observer first receives the last three elements, at the tick it
    /// subscribes, then the live ones.
    func testEachObserverReceivesTheBufferThenLiveEvents() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(70, 1), .next(110, 2), .next(220, 3), .next(270, 4), .next(340, 5), .next(410, 6),
            .next(520, 7), .next(630, 8), .completed(710), .next(750, 9),
        ])
        let subject = ReplaySubject<Int>.create(bufferSize: 3)
        let early = scheduler.createObserver(Int.self)
        let middle = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)
        let bag = CompositeDisposable()

        scheduler.scheduleAt(100) { _ = bag.insert(xs.subscribe(subject)) }
        scheduler.scheduleAt(300) { _ = bag.insert(subject.subscribe(early)) }
        scheduler.scheduleAt(500) { _ = bag.insert(subject.subscribe(middle)) }
        scheduler.scheduleAt(800) { _ = bag.insert(subject.subscribe(late)) }
        scheduler.scheduleAt(1000) { bag.dispose() }
        scheduler.start()

        XCTAssertEqual(
            early.events,
            [
                .next(300, 2), .next(300, 3), .next(300, 4), .next(340, 5), .next(410, 6), .next(520, 7),
                .next(630, 8), .completed(710),
            ])
        XCTAssertEqual(
            middle.events, [.next(500, 4), .next(500, 5), .next(500, 6), .next(520, 7), .next(630, 8), .completed(710)])
        XCTAssertEqual(late.events, [.next(800, 6), .next(800, 7), .next(800, 8), .completed(800)])
    }

    func testAnUnboundedSubjectReplaysEverythingThenTheError() {
        let subject = ReplaySubject<Int>.createUnbounded()
        for element in 1...100 {
            subject.onNext(element)
        }
        subject.onError(TestError.boom)
        var events: [Event<Int>] = []

        _ = subject.subscribe { events.append($0) }

        XCTAssertEqual(events, (1...100).map { .next($0) } + [.error(TestError.boom)])
    }

    func testABufferOfZeroReplaysNothingAndOneReplaysTheLatest() {
        let none = ReplaySubject<Int>.create(bufferSize: 0)
        let one = ReplaySubject<Int>.create(bufferSize: 1)
        for element in 1...3 {
            none.onNext(element)
            one.onNext(element)
        }
        var fromNone: [Int] = []
        var fromOne: [Int] = []

        let bag = CompositeDisposable()
        _ = bag.insert(none.subscribe(onNext: { fromNone.append($0) }))
        _ = bag.insert(one.subscribe(onNext: { fromOne.append($0) }))
        none.onNext(4)
        one.onNext(4)

        XCTAssertEqual(fromNone, [4])
        XCTAssertEqual(fromOne, [3, 4])
        bag.dispose()
    }

    func testTheBufferKeepsItsOrderAfterWrappingAround() {
        let subject = ReplaySubject<Int>.create(bufferSize: 4)
        for element in 1...11 {
            subject.onNext(element)
        }
        var seen: [Int] = []

        let subscription = subject.subscribe(onNext: { seen.append($0) })

        XCTAssertEqual(seen, [8, 9, 10, 11])
        subscription.dispose()
    }

    func testDisposingReleasesTheBufferAndRefusesNewObservers() {
        final class Element {
            let released: () -> Void
            init(_ released: @escaping () -> Void) { self.released = released }
            deinit { released() }
        }
        var released = 0
        let subject = ReplaySubject<Element>.createUnbounded()
        subject.onNext(Element { released += 1 })
        subject.onNext(Element { released += 1 })

        subject.dispose()
        var events: [Event<Element>] = []
        _ = subject.subscribe { events.append($0) }

        XCTAssertEqual(released, 2)
        XCTAssertTrue(subject.isDisposed)
        guard case .error(RxError.disposed)? = events.first, events.count == 1 else {
            return XCTFail("expected one RxError.disposed, got \(events)")
        }
    }

    func testAnEvictedElementIsReleasedAtOnce() {
        final class Element {
            let released: () -> Void
            init(_ released: @escaping () -> Void) { self.released = released }
            deinit { released() }
        }
        var released = 0
        let subject = ReplaySubject<Element>.create(bufferSize: 2)

        for _ in 1...5 {
            subject.onNext(Element { released += 1 })
        }

        XCTAssertEqual(released, 3, "only the two kept elements are alive")
        subject.dispose()
        XCTAssertEqual(released, 5)
    }

    func testALateObserverOfAMarbleSourceGetsTheBufferAtOnce() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("^-1-2-3-4-|", values: ["1": 1, "2": 2, "3": 3, "4": 4])
        let subject = ReplaySubject<Int>.create(bufferSize: 2)
        let observer = scheduler.createObserver(Int.self)
        let bag = CompositeDisposable()

        scheduler.scheduleAt(100) { _ = bag.insert(xs.subscribe(subject)) }
        scheduler.scheduleAt(265) { _ = bag.insert(subject.subscribe(observer)) }
        scheduler.start()

        XCTAssertEqual(observer.events, [.next(265, 2), .next(265, 3), .next(280, 4), .completed(300)])
        bag.dispose()
    }
}
