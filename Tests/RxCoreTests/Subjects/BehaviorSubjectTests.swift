import RxCore
import RxDisposables
import RxTestHelpers
import RxTestSupport
import XCTest

final class BehaviorSubjectTests: RxTestCase {
    /// Each observer receives the latest element when it subscribes, then what is sent while it
    /// stays subscribed.
    func testEachObserverStartsWithTheLatestElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(70, 1), .next(110, 2), .next(220, 3), .next(270, 4), .next(340, 5), .next(410, 6),
            .next(520, 7), .next(630, 8), .completed(710), .next(750, 9),
        ])
        let subject = BehaviorSubject(value: 100)
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        let third = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)
        let bag = CompositeDisposable()
        var firstSubscription: (any Disposable)?

        scheduler.scheduleAt(100) { _ = bag.insert(xs.subscribe(subject)) }
        scheduler.scheduleAt(200) { firstSubscription = subject.subscribe(first) }
        scheduler.scheduleAt(300) { _ = bag.insert(subject.subscribe(second)) }
        scheduler.scheduleAt(400) { _ = bag.insert(subject.subscribe(third)) }
        scheduler.scheduleAt(500) { firstSubscription?.dispose() }
        scheduler.scheduleAt(800) { _ = bag.insert(subject.subscribe(late)) }
        scheduler.scheduleAt(1000) { bag.dispose() }
        scheduler.start()

        XCTAssertEqual(first.events, [.next(200, 2), .next(220, 3), .next(270, 4), .next(340, 5), .next(410, 6)])
        XCTAssertEqual(
            second.events,
            [.next(300, 4), .next(340, 5), .next(410, 6), .next(520, 7), .next(630, 8), .completed(710)])
        XCTAssertEqual(
            third.events, [.next(400, 5), .next(410, 6), .next(520, 7), .next(630, 8), .completed(710)])
        XCTAssertEqual(late.events, [.completed(800)], "an ended subject sends its terminal event only")
    }

    func testAnObserverOfAFreshSubjectReceivesTheInitialValue() {
        let subject = BehaviorSubject(value: "start")
        var seen: [String] = []

        let subscription = subject.subscribe(onNext: { seen.append($0) })
        subject.onNext("next")

        XCTAssertEqual(seen, ["start", "next"])
        subscription.dispose()
    }

    func testValueIsTheLatestElementAndThrowsTheErrorThatEndedTheSubject() throws {
        let subject = BehaviorSubject(value: 1)
        XCTAssertEqual(try subject.value(), 1)
        subject.onNext(2)
        XCTAssertEqual(try subject.value(), 2)

        let completed = BehaviorSubject(value: 1)
        completed.onNext(3)
        completed.onCompleted()
        XCTAssertEqual(try completed.value(), 3, "completion keeps the value")

        subject.onError(TestError.boom)
        XCTAssertThrowsError(try subject.value()) { XCTAssertEqual($0 as? TestError, .boom) }
    }

    func testADisposedSubjectThrowsFromValueAndErrorsNewObservers() {
        let subject = BehaviorSubject(value: 1)
        var old: [Event<Int>] = []
        _ = subject.subscribe { old.append($0) }

        subject.dispose()
        subject.dispose()
        subject.onNext(2)
        var new: [Event<Int>] = []
        _ = subject.subscribe { new.append($0) }

        XCTAssertTrue(subject.isDisposed)
        XCTAssertEqual(old, [.next(1)])
        XCTAssertThrowsError(try subject.value()) { error in
            guard case RxError.disposed(let object) = error else { return XCTFail("got \(error)") }
            XCTAssertTrue(object === subject)
        }
        guard case .error(RxError.disposed)? = new.first, new.count == 1 else {
            return XCTFail("expected one RxError.disposed, got \(new)")
        }
    }

    func testAnElementSentFromTheFirstElementsHandlerFollowsIt() {
        // The observer receives the current value while subscribing; an element its handler
        // sends back into the subject reaches it after that value, never before or inside it.
        let subject = BehaviorSubject(value: 0)
        var seen: [Int] = []
        var depth = 0
        var maximumDepth = 0
        let subscription = subject.subscribe(onNext: { value in
            depth += 1
            maximumDepth = max(maximumDepth, depth)
            seen.append(value)
            if value == 0 { subject.onNext(1) }
            depth -= 1
        })

        XCTAssertEqual(seen, [0, 1])
        XCTAssertEqual(maximumDepth, 1, "the element sent while priming waited for the value's delivery to end")
        subscription.dispose()
    }

    func testAReplacedValueIsReleasedOutsideTheSubjectsLock() {
        // A value whose deinit reads the subject again would deadlock, or crash on a recursive
        // lock, if the subject released it under its own lock.
        final class Reader {
            let read: () -> Void
            init(_ read: @escaping () -> Void) { self.read = read }
            deinit { read() }
        }
        let subject = BehaviorSubject<Reader?>(value: nil)
        var reads = 0
        subject.onNext(
            Reader { [weak subject] in
                reads += 1
                _ = try? subject?.value()
                _ = subject?.hasObservers
            })

        subject.onNext(nil)

        XCTAssertEqual(reads, 1)
    }

    func testWithMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("^-1--2--3--|", values: ["1": 1, "2": 2, "3": 3])
        let subject = BehaviorSubject(value: 0)
        let observer = scheduler.createObserver(Int.self)
        let bag = CompositeDisposable()

        scheduler.scheduleAt(100) { _ = bag.insert(xs.subscribe(subject)) }
        scheduler.scheduleAt(230) { _ = bag.insert(subject.subscribe(observer)) }
        scheduler.start()

        assertMarbles(observer, "---1-2--3--|", values: ["1": 1, "2": 2, "3": 3])
        bag.dispose()
    }
}
