import RxCore
import XCTest

@testable import RxTestSupport

/// Proves the central leak check bites: a test that leaves framework objects alive fails in
/// `RxTestCase.tearDown`, with a message that names the test, the count and the types of what
/// is alive. The failure is intercepted, checked and the objects released, so this test itself
/// passes.
final class LeakCheckReliabilityTests: RxTestCase {
    private var intercepted: [String] = []
    private var intercepting = false
    private var leftAlive: [AnyObject] = []

    override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
        if intercepting {
            intercepted.append(description)
        } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }

    override func tearDown() {
        guard Resources.isTracking else {
            super.tearDown()
            return
        }
        let baseline = Resources.total - 3
        intercepting = true
        super.tearDown()
        intercepting = false
        leftAlive = []
        XCTAssertEqual(Resources.total, baseline)
        XCTAssertEqual(
            intercepted,
            [
                "failed - 3 framework objects still alive after the test \(name)"
                    + " (Resources.total \(baseline) → \(baseline + 3)): ForgottenObserver<Int> ×2, ForgottenObserver<String> ×1\n"
                    + LeakBaseline.likelyCauses
            ])
    }

    func testATestThatLeavesObjectsAliveFailsInTearDownNamingTheTestAndTheTypes() throws {
        try XCTSkipUnless(Resources.isTracking, "release builds count nothing")
        leftAlive = [ForgottenObserver<Int>(), ForgottenObserver<String>(), ForgottenObserver<Int>()]
    }
}

/// An observer the test above keeps alive past its end.
private final class ForgottenObserver<Element>: ObserverBase<Element> {
    override func onCore(_ event: Event<Element>) {}
}
