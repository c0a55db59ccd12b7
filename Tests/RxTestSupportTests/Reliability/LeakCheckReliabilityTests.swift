import RxCore
import RxTestSupport
import XCTest

/// Proves the central leak check bites: a test that leaves one framework object alive fails
/// in `RxTestCase.tearDown`, with the count in the message. The failure is intercepted, checked
/// and the object accounted for, so this test itself passes.
final class LeakCheckReliabilityTests: RxTestCase {
    private var intercepted: [String] = []
    private var intercepting = false

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
        let baseline = Resources.total - 1
        intercepting = true
        super.tearDown()
        intercepting = false
        Resources.decrementTotal()
        XCTAssertEqual(intercepted.count, 1, "\(intercepted)")
        XCTAssertTrue(
            intercepted.first?.contains(
                "1 framework object(s) still alive after the test (Resources.total \(baseline) → \(baseline + 1))")
                ?? false, "\(intercepted)")
    }

    func testATestThatLeavesAnObjectAliveFailsInTearDown() throws {
        try XCTSkipUnless(Resources.isTracking, "release builds count nothing")
        Resources.incrementTotal()
    }
}
