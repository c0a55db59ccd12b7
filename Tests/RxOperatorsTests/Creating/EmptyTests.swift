import RxCore
import RxOperators
import RxTestSupport
import XCTest

final class EmptyTests: RxTestCase {
    func testCompletesAtSubscription() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Int>.empty() }

        XCTAssertEqual(res.events, [.completed(200)])
    }

    func testCompletesEverySubscriber() {
        let source = Observable<Int>.empty()
        var completions = 0

        _ = source.subscribe(onCompleted: { completions += 1 })
        _ = source.subscribe(onCompleted: { completions += 1 })

        XCTAssertEqual(completions, 2)
    }
}
