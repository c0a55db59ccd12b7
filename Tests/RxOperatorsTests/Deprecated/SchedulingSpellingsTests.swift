import RxCore
import RxOperators
import RxTestSupport
import XCTest

/// RxSwift 5's spellings of `observe(on:)` and `subscribe(on:)`
/// (`Sources/RxOperators/Deprecated/SchedulingSpellings.swift`) forward to them; they are called
/// through `deprecatedSpellings` (see `DeprecatedSpellings.swift`).
final class SchedulingSpellingsTests: RxTestCase {
    func testSubscribeOnIsSubscribeOn() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .completed(300)])

        let res = scheduler.start { xs.deprecatedSpellings.subscribeOn(scheduler) }

        XCTAssertEqual(res.events, [.next(210, 2), .completed(300)])
        // Seen as an `Observable`, the testable source ends its own subscription when it
        // completes, before the scheduled disposal would.
        XCTAssertEqual(xs.subscriptions, [Subscription(201, 300)])
    }

    func testObserveOnIsObserveOn() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .completed(300)])

        let res = scheduler.start { xs.deprecatedSpellings.observeOn(scheduler) }

        XCTAssertEqual(res.events, [.next(211, 2), .completed(301)])
    }
}
