import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

final class TakeLastTests: RxTestCase {
    func testSendsTheLastElementsWhenTheSourceCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(300),
        ])

        let res = scheduler.start { xs.takeLast(2) }

        XCTAssertEqual(res.events, [.next(300, 3), .next(300, 4), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testWithMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a-^-b-c-d-|")

        let res = scheduler.start { xs.takeLast(5) }

        assertMarbles(res, "--------(bcd|)")
    }

    func testZeroSendsOnlyCompletionAndAnErrorDropsWhatWasKept() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let none = scheduler.start { xs.takeLast(0) }

        let other = TestScheduler(initialClock: 0)
        let failing = other.createHotObservable([.next(210, 1), .error(250, TestError.boom)])
        let failed = other.start { failing.takeLast(3) }

        XCTAssertEqual(none.events, [.completed(300)])
        XCTAssertEqual(failed.events, [.error(250, TestError.boom)])
        XCTAssertEqual(failing.subscriptions, [Subscription(200, 250)])
    }

    func testDisposingMidStreamSendsNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])

        let res = scheduler.start(disposed: 250) { xs.takeLast(1) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testDisposingFromInsideOnNextStopsTheRest() {
        var received: [Int] = []
        let source = PublishSubject<Int>()
        var subscription: (any Disposable)?
        subscription = source.takeLast(3).subscribe(onNext: { value in
            received.append(value)
            subscription?.dispose()
        })

        for value in 1...4 {
            source.onNext(value)
        }
        source.onCompleted()

        XCTAssertEqual(received, [2])
    }

    func testKeepsOnlyTheLastElementsAndReleasesEachAsItIsSent() {
        let live = Counter()
        var observer: AnyObserver<LiveElement>?
        let source = Observable<LiveElement>.create { receiver in
            observer = receiver
            return Disposables.create()
        }
        var liveWhenSent: [Int] = []
        let subscription = source.takeLast(3).subscribe(onNext: { _ in liveWhenSent.append(live.value) })

        for value in 1...100 {
            observer?.onNext(LiveElement(value, live: live))
        }
        XCTAssertEqual(live.value, 3, "only the last three are kept")
        observer?.onCompleted()

        XCTAssertEqual(liveWhenSent, [3, 2, 1], "each element is given up as it is sent")
        XCTAssertEqual(live.value, 0)
        subscription.dispose()
        observer = nil
    }

    func testDisposalReleasesWhatWasKept() {
        let live = Counter()
        var observer: AnyObserver<LiveElement>?
        let source = Observable<LiveElement>.create { receiver in
            observer = receiver
            return Disposables.create()
        }
        let subscription = source.takeLast(3).subscribe()
        for value in 1...10 {
            observer?.onNext(LiveElement(value, live: live))
        }

        subscription.dispose()

        // The source still holds its observer, and with it the sink: the kept elements must not
        // depend on that.
        XCTAssertEqual(live.value, 0)
        observer = nil
    }

    func testDisposingWhileTheKeptElementsAreSentReleasesTheRest() {
        let live = Counter()
        var observer: AnyObserver<LiveElement>?
        let source = Observable<LiveElement>.create { receiver in
            observer = receiver
            return Disposables.create()
        }
        var received: [Int] = []
        var subscription: (any Disposable)?
        subscription = source.takeLast(100).subscribe(onNext: { element in
            received.append(element.value)
            subscription?.dispose()
        })
        for value in 1...10 {
            observer?.onNext(LiveElement(value, live: live))
        }

        observer?.onCompleted()

        XCTAssertEqual(received, [1])
        XCTAssertEqual(live.value, 0, "the nine elements not sent are released once disposed")
        observer = nil
    }
}
