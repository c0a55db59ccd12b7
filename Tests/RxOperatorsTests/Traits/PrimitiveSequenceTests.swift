import RxCore
import RxTestSupport
import XCTest

@testable import RxOperators

/// `PrimitiveSequence` itself: a trait is the observable it wraps, nothing more.
final class PrimitiveSequenceTests: RxTestCase {
    func testAsObservableIsTheWrappedSequenceItself() {
        let raw = Observable.just(1)
        let single = PrimitiveSequence<SingleTrait, Int>(raw: raw)

        XCTAssertTrue(single.asObservable() === raw, "the trait put something between itself and its sequence")
        XCTAssertTrue(single.primitiveSequence.asObservable() === raw)
    }

    func testATraitSendsWhatItsSequenceSends() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(210)])
        let maybe = PrimitiveSequence<MaybeTrait, Int>(raw: xs.asObservable())

        let res = scheduler.start { maybe.asObservable() }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(210)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
    }
}
