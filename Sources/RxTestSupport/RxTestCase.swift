import RxCore
import XCTest

/// An `XCTestCase` that fails any test that leaves framework objects alive.
///
/// It reads ``RxCore/Resources/total`` before each test and checks it is back to the same value
/// afterwards. Objects released on another thread (after a real scheduler's last callback) are
/// given a short, bounded grace period to go before the test fails.
open class RxTestCase: XCTestCase {
    private var resourcesAtStart = 0

    open override func setUp() {
        super.setUp()
        resourcesAtStart = Resources.total
    }

    open override func tearDown() {
        let leaked = Resources.waitForTotal(toReturnTo: resourcesAtStart)
        if leaked != 0 {
            XCTFail(
                "\(leaked) framework object(s) still alive after the test (Resources.total \(resourcesAtStart) → \(resourcesAtStart + leaked))"
            )
        }
        super.tearDown()
    }
}
