import Dispatch
import Foundation
import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

/// Endless resubscription (`retry()`, `retry(when:)`) and endless emission (`repeatElement`)
/// disposed from another thread while they run on dispatch queues. Each round waits until the
/// sequence is busy, disposes it from the test thread, lets the queues drain, and checks that
/// at most the one attempt or element already under way when `dispose()` returned followed it,
/// and that every sink is gone. Run under `swift test --sanitize=thread`.
///
/// What the resubscribing operators' tests under contention share; each operator's mirror file subclasses it.
class RetryContentionTestCase: RxTestCase {
    let rounds = 20

    /// Waits until `counter` reaches `count` (bounded), disposes `subscription`, waits for the
    /// queues to settle, and returns how much `counter` grew after `dispose()` returned.
    func growthAfterDisposing(
        _ subscription: any Disposable, once counter: Counter, reaches count: Int, baseline: Int32
    ) -> Int {
        let deadline = Date().addingTimeInterval(5)
        while counter.value < count, Date() < deadline {
            usleep(100)
        }
        XCTAssertGreaterThanOrEqual(counter.value, count, "the sequence never got busy")
        subscription.dispose()
        let atDisposal = counter.value
        XCTAssertEqual(
            Resources.waitForTotal(toReturnTo: baseline, timeout: .seconds(5)), 0,
            "sinks still alive once the subscription is disposed")
        return counter.value - atDisposal
    }
}
