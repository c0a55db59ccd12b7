import RxCore
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

final class ErrorTests: RxTestCase {
    func testFailsAtSubscription() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Int>.error(TestError.boom) }

        XCTAssertEqual(res.events, [.error(200, TestError.boom)])
    }

    func testOnErrorThenOnDisposed() {
        var log: [String] = []

        _ = Observable<Int>.error(TestError.boom).subscribe(
            onError: { log.append("error \($0)") }, onDisposed: { log.append("disposed") })

        XCTAssertEqual(log, ["error boom", "disposed"])
    }
}
