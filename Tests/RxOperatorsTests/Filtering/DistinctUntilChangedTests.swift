import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

private struct Reading: Equatable {
    let sensor: String
    let value: Int
}

final class DistinctUntilChangedTests: RxTestCase {
    func testDropsElementsEqualToThePreviousOne() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(215, 2), .next(220, 3), .next(230, 3), .next(240, 2),
            .completed(250),
        ])

        let res = scheduler.start { xs.distinctUntilChanged() }

        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3), .next(240, 2), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testWithMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a-^-a-a-b-b-a-|")

        let res = scheduler.start { xs.distinctUntilChanged() }

        assertMarbles(res, "--a---b---a-|")
    }

    func testComparesKeysWithAKeySelectorAKeyPathOrAComparer() {
        let readings = [
            Reading(sensor: "a", value: 1), Reading(sensor: "a", value: 2), Reading(sensor: "b", value: 2),
            Reading(sensor: "b", value: 3), Reading(sensor: "a", value: 3),
        ]
        let forms: [(String, (Observable<Reading>) -> Observable<Reading>)] = [
            ("key selector", { $0.distinctUntilChanged { $0.sensor } }),
            ("key path", { $0.distinctUntilChanged(at: \.sensor) }),
            ("comparer", { $0.distinctUntilChanged { $0.sensor == $1.sensor } }),
            ("key selector and comparer", { $0.distinctUntilChanged({ $0.sensor }, comparer: ==) }),
        ]
        for (name, apply) in forms {
            var received: [Int] = []
            _ = apply(Observable.from(readings)).subscribe(onNext: { received.append($0.value) })
            XCTAssertEqual(received, [1, 2, 3], name)
        }
    }

    func testTheComparerGetsThePreviousKeyFirst() {
        var calls: [[Int]] = []

        _ = Observable.of(1, 2, 5).distinctUntilChanged { previous, next in
            calls.append([previous, next])
            return next - previous == 1
        }.subscribe()

        XCTAssertEqual(calls, [[1, 2], [1, 5]], "an element called equal does not become the one compared with")
    }

    func testAThrowingKeySelectorOrComparerSendsTheErrorAndUnsubscribes() {
        for form in ["key selector", "comparer"] {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])

            let res = scheduler.start { () -> Observable<Int> in
                if form == "key selector" {
                    return xs.distinctUntilChanged { (value: Int) -> Int in
                        if value == 2 { throw TestError.boom }
                        return value
                    }
                }
                return xs.distinctUntilChanged { (_: Int, next: Int) -> Bool in
                    if next == 2 { throw TestError.boom }
                    return false
                }
            }

            XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError.boom)], form)
            XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)], form)
        }
    }

    func testAnErrorFromTheSourcePassesAndDisposingMidStreamUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let failing = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])
        let running = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])

        let failed = scheduler.start { failing.distinctUntilChanged() }
        let disposed = TestScheduler(initialClock: 0).start(disposed: 220) { running.distinctUntilChanged() }

        XCTAssertEqual(failed.events, [.next(210, 1), .error(220, TestError.boom)])
        XCTAssertEqual(disposed.events, [])
    }

    func testKeepsOnlyTheLastElementPassedOn() {
        let live = Counter()
        var observer: AnyObserver<LiveElement>?
        let source = Observable<LiveElement>.create { receiver in
            observer = receiver
            return Disposables.create()
        }
        var received = 0
        let subscription = source.distinctUntilChanged { $0.value }.subscribe(onNext: { _ in received += 1 })

        for value in [1, 1, 2, 2, 3] {
            observer?.onNext(LiveElement(value, live: live))
        }

        XCTAssertEqual(received, 3)
        XCTAssertEqual(live.value, 0, "the key selector form keeps the key, not the element")
        subscription.dispose()
        observer = nil
    }

    func testTheEquatableFormKeepsOneElementAndReleasesItWithTheSubscription() {
        struct Keyed: Equatable {
            let element: LiveElement
            static func == (lhs: Keyed, rhs: Keyed) -> Bool { lhs.element.value == rhs.element.value }
        }
        let live = Counter()
        var observer: AnyObserver<Keyed>?
        let source = Observable<Keyed>.create { receiver in
            observer = receiver
            return Disposables.create()
        }
        var received = 0
        let subscription = source.distinctUntilChanged().subscribe(onNext: { _ in received += 1 })

        for value in [1, 1, 2, 2, 3] {
            observer?.onNext(Keyed(element: LiveElement(value, live: live)))
        }

        XCTAssertEqual(received, 3)
        XCTAssertEqual(live.value, 1, "only the last element passed on is kept, to compare the next one with")
        subscription.dispose()
        observer = nil
        XCTAssertEqual(live.value, 0, "the kept element goes with the subscription")
    }
}
