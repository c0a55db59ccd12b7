import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

final class ScanTests: RxTestCase {
    func testSendsTheRunningResultAfterEachElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 9), .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(300),
        ])

        let res = scheduler.start { xs.scan(10) { $0 + $1 } }

        XCTAssertEqual(res.events, [.next(210, 11), .next(220, 13), .next(230, 16), .next(240, 20), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testScanIntoChangesTheAccumulatedValueInPlace() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, "a"), .next(220, "b"), .next(230, "c"), .completed(240)])

        let res = scheduler.start { xs.scan(into: [String]()) { $0.append($1) } }

        XCTAssertEqual(
            res.events, [.next(210, ["a"]), .next(220, ["a", "b"]), .next(230, ["a", "b", "c"]), .completed(240)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
    }

    func testWithMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-1-^-1-2-3-|", values: ["1": 1, "2": 2, "3": 3])

        let res = scheduler.start { xs.scan(0, accumulator: +) }

        assertMarbles(res, "--a-b-c-|", values: ["a": 1, "b": 3, "c": 6])
    }

    func testAnEmptySourceSendsOnlyItsTerminalEventNeverTheSeed() {
        let scheduler = TestScheduler(initialClock: 0)
        let completing = scheduler.createHotObservable([.next(150, 1), .completed(250)])

        let completed = scheduler.start { completing.scan(42, accumulator: +) }
        let failed = TestScheduler(initialClock: 0).start {
            Observable<Int>.error(TestError.boom).scan(into: 42) { $0 += $1 }
        }

        XCTAssertEqual(completed.events, [.completed(250)])
        XCTAssertEqual(failed.events, [.error(200, TestError.boom)])
    }

    func testAnErrorFromTheSourcePassesAndEndsTheSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(250, TestError.boom), .next(260, 2)])

        let res = scheduler.start { xs.scan(0, accumulator: +) }

        XCTAssertEqual(res.events, [.next(210, 1), .error(250, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testAThrowingAccumulatorSendsTheErrorAndUnsubscribes() {
        for form in ["returning", "in place"] {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])

            let res = scheduler.start { () -> Observable<Int> in
                if form == "returning" {
                    return xs.scan(0) { total, value in
                        if value == 2 { throw TestError.boom }
                        return total + value
                    }
                }
                return xs.scan(into: 0) { total, value in
                    if value == 2 { throw TestError.boom }
                    total += value
                }
            }

            XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError.boom)], form)
            XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)], form)
        }
    }

    func testDisposingMidStream() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(290, 3), .completed(300)])

        let res = scheduler.start(disposed: 250) { xs.scan(0, accumulator: +) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 3)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testEachSubscriptionStartsFromTheSeed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let scanned = xs.scan(into: 100) { $0 += $1 }
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(200) { _ = scanned.subscribe(first) }
        scheduler.scheduleAt(205) { _ = scanned.subscribe(second) }
        scheduler.start()

        XCTAssertEqual(first.events, [.next(210, 101), .next(220, 103), .completed(230)])
        XCTAssertEqual(second.events, [.next(215, 101), .next(225, 103), .completed(235)])
    }

    func testTrampolinedSourcesInterleaveAsWithAnyOperator() {
        var received: [Int] = []

        _ = Observable.of(1, 2, 3).scan(0, accumulator: +).subscribe(onNext: { received.append($0) })

        XCTAssertEqual(received, [1, 3, 6])
    }

    func testEachElementIsReleasedOnceFoldedIn() {
        let live = Counter()
        var sent: [LiveElement] = []
        var observer: AnyObserver<LiveElement>?
        let source = Observable<LiveElement>.create { receiver in
            observer = receiver
            return Disposables.create()
        }
        var totals: [Int] = []
        let subscription = source.scan(0) { $0 + $1.value }.subscribe(onNext: { totals.append($0) })

        for value in 1...100 {
            sent.append(LiveElement(value, live: live))
            observer?.onNext(sent.removeLast())
        }

        XCTAssertEqual(totals.last, 5050)
        XCTAssertEqual(live.value, 0, "scan keeps its result, never the elements it folded in")
        subscription.dispose()
        observer = nil
    }
}
