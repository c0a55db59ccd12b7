import RxCore
import RxOperators
import RxTestSupport
import XCTest

/// RxSwift 5's spelling of `take(for:scheduler:)` (`Sources/RxOperators/Deprecated/TimeSpellings.swift`)
/// forwards to it; it is called through `deprecatedSpellings` (see `DeprecatedSpellings.swift`).
final class TimeSpellingsTests: RxTestCase {
    private func ticking(_ scheduler: TestScheduler) -> Observable<Int> {
        scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(240, 3), .completed(300)]).asObservable()
    }

    func testTakeForADurationIsTakeFor() {
        assertForwards(
            { scheduler in self.ticking(scheduler).deprecatedSpellings.take(.seconds(25), scheduler: scheduler) },
            as: { scheduler in self.ticking(scheduler).take(for: .seconds(25), scheduler: scheduler) })
    }
}
