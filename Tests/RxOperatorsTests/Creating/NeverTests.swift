import RxCore
import RxDisposables
import RxOperators
import RxTestSupport
import XCTest

final class NeverTests: RxTestCase {
    func testSendsNothing() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Int>.never() }

        XCTAssertEqual(res.events, [])
    }

    func testDisposingCallsOnlyOnDisposed() {
        var log: [String] = []

        let subscription = Observable<Int>.never().subscribe(
            onNext: { log.append("next \($0)") }, onCompleted: { log.append("completed") },
            onDisposed: { log.append("disposed") })
        subscription.dispose()
        subscription.dispose()

        XCTAssertEqual(log, ["disposed"])
    }
}
