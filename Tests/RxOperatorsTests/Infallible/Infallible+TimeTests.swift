import RxCore
import RxDisposables
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

@testable import RxOperators

/// Infallible's time operators, each the observable operator of the same name under an
/// infallible type.
final class InfallibleTimeTests: RxTestCase {
    func testDebounceThrottleAndTakeFor() {
        func run(_ make: @escaping (Infallible<Int>, TestScheduler) -> Infallible<Int>) -> [Recorded<Event<Int>>] {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([
                .next(210, 1), .next(215, 2), .next(240, 3), .next(300, 4), .completed(400),
            ])
            return scheduler.start { make(xs.asInfallible(onErrorJustReturn: 0), scheduler) }.events
        }

        XCTAssertEqual(
            run { $0.debounce(.seconds(20), scheduler: $1) },
            [.next(235, 2), .next(260, 3), .next(320, 4), .completed(400)])
        XCTAssertEqual(
            run { $0.throttle(.seconds(20), scheduler: $1) },
            [.next(210, 1), .next(230, 2), .next(250, 3), .next(300, 4), .completed(400)])
        XCTAssertEqual(
            run { $0.throttle(.seconds(20), latest: false, scheduler: $1) },
            [.next(210, 1), .next(240, 3), .next(300, 4), .completed(400)])
        XCTAssertEqual(
            run { $0.take(for: .seconds(50), scheduler: $1) },
            [.next(210, 1), .next(215, 2), .next(240, 3), .completed(250)])
    }
}
