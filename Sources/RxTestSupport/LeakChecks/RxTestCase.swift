import RxCore
import XCTest

/// An `XCTestCase` that fails any test that leaves framework objects alive.
///
/// It reads `Resources.total` before each test and checks it is back to the same value
/// afterwards. Objects released on another thread (after a real scheduler's last callback) are
/// given a short, bounded grace period to go before the test fails. The failure names the test
/// and, in debug builds, the type of every object still alive, with counts.
///
/// XCTest runs a class's tests one at a time, so the process-wide count sees only the test
/// that is running. Swift Testing tests use ``LeakCheckTrait`` (`@Test(.leakChecked)`).
open class RxTestCase: XCTestCase {
    private var baseline: LeakBaseline?

    open override func setUp() {
        super.setUp()
        baseline = LeakBaseline()
    }

    open override func tearDown() {
        if let baseline {
            let end = LeakWait.wait(for: baseline.total, timeout: .seconds(2))
            if end.difference != 0 {
                // The check runs after the test's body, so no line of it is to blame: the message
                // names the test instead.
                XCTFail(baseline.message(after: "the test \(name)", end))
            }
        }
        baseline = nil
        super.tearDown()
    }
}
