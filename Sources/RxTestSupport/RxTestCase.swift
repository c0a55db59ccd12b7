import RxCore
import XCTest

/// An `XCTestCase` that fails any test that leaves framework objects alive.
///
/// It reads `Resources.total` before each test and checks it is back to the same value
/// afterwards. Objects released on another thread (after a real scheduler's last callback) are
/// given a short, bounded grace period to go before the test fails.
///
/// XCTest runs a class's tests one at a time, so the process-wide count sees only the test
/// that is running. Swift Testing tests use ``LeakCheckTrait`` (`@Test(.leakChecked)`).
open class RxTestCase: XCTestCase {
    private var resourcesAtStart = 0

    open override func setUp() {
        super.setUp()
        resourcesAtStart = Resources.total
    }

    open override func tearDown() {
        let leaked = Resources.waitForTotal(toReturnTo: resourcesAtStart)
        if leaked != 0 {
            XCTFail(Resources.leakMessage(leaked, baseline: resourcesAtStart, after: "the test"))
        }
        super.tearDown()
    }
}
