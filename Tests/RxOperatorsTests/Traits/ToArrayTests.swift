import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

/// `toArray()`: every element of an observable as one `Single` array.
final class ToArrayTests: RxTestCase {
    // MARK: toArray

    func testToArraySendsEveryElementWhenTheSourceCompletes() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-^-1-2-3-|", values: ["1": 1, "2": 2, "3": 3])
        let other = TestScheduler(initialClock: 0)
        let none = try other.createHotObservable("-^---|", values: [Character: Int]())

        let res = scheduler.start { xs.toArray() }
        let empty = other.start { none.toArray() }

        assertMarbles(res, "--------(a|)", values: ["a": [1, 2, 3]])
        assertMarbles(empty, "----(a|)", values: ["a": []])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 280)])
    }

    func testToArrayFailsWithTheSourceAndLetsGoOfWhatItGathered() {
        let live = Counter()
        var observer: AnyObserver<LiveElement>?
        let source = Observable<LiveElement>.create { receiver in
            observer = receiver
            return Disposables.create()
        }
        var failure: (any Error)?

        _ = source.toArray().subscribe(onFailure: { failure = $0 })
        for value in 0..<10 {
            observer?.onNext(LiveElement(value, live: live))
        }
        XCTAssertEqual(live.value, 10)
        observer?.onError(TestError.boom)

        XCTAssertEqual(failure as? TestError, .boom)
        XCTAssertEqual(live.value, 0)
        observer = nil
    }

    func testToArrayDisposedMidWaySendsNothingAndIgnoresLaterElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .completed(300)])

        let res = scheduler.start(disposed: 250) { xs.toArray() }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }
}
